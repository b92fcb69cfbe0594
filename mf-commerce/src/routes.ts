/**
 * The pages this remote serves, as the shell mounts them and e2e lists them. Data only: the shell carries this
 * module in its own bundle, and a page's code arrives only when its route is first visited.
 */
import type { ExposedPage, PageRoute } from '@klinik/core/rules';
import type { exposes } from './expose';

export const routes: readonly PageRoute<ExposedPage<typeof exposes>>[] = [
  { path: '/planlægge', title: 'Abonnement', access: 'therapist', page: 'PlanChoice' },
  { path: '/Abonnement', title: 'Mit Abonnement', access: 'therapist', page: 'Subscription', ownerOnly: true },
  // The heading is the subscription's own name.
  { path: '/Abonnement/:id', title: 'Abonnement', access: 'therapist', page: 'SubscriptionSettings', ownerOnly: true },
  { path: '/Tilføjelser', title: 'Tilføjelser', access: 'therapist', page: 'AddOns', gated: true, menu: { position: 100, icon: 'addOns' } },
  { path: '/Transactions', title: 'Transaktioner', access: 'therapist', page: 'Transactions', gated: true, ownerOnly: true },
  {
    path: '/AdministrerTerapeut',
    title: 'Administrer terapeut',
    access: 'therapist',
    page: 'TherapistAdmin',
    gated: true,
    ownerOnly: true,
    menu: { position: 20, icon: 'therapists' },
  },
  { path: '/Settings', title: 'Firmaindstillinger', access: 'therapist', page: 'Settings', gated: true },
  { path: '/Videovejledninger', title: 'Videovejledninger', access: 'therapist', page: 'VideoGuides', gated: true, menu: { position: 80, icon: 'videos' } },
  { path: '/MinProfil', title: 'Min profil', access: 'therapist', page: 'Profile' },
  // The payment provider's page returns here.
  { path: '/payment/*', title: 'Betaling', access: 'therapist', page: 'PaymentReturn', returnAddress: true },
];
