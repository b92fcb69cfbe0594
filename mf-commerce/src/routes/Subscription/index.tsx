/** `/Abonnement` (spec 3, Subscription overview); `/Abonnement/{id}` is its own exposed page (SubscriptionSettings). */
export { SubscriptionOverview as default } from './Overview';
