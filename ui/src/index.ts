export { ComingLater } from './ComingLater.js';
