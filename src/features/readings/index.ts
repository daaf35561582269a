export { ReadingsPage } from './readings-page';
