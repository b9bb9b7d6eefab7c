export { VariationsView } from './components/variations-view';
