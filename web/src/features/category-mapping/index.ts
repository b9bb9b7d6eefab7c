export { CategoryMappingView } from './components/category-mapping-view';
