// The quality feature (issue 23): the dashboard's queues, a product's completeness, the checks' settings.
export { ProductQualityPanel } from './components/product-quality-panel';
export { QualityQueuesCard } from './components/quality-queues-card';
export { QualitySettingsCard } from './components/quality-settings-card';
