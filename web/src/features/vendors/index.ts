export { VendorsView } from './components/vendors-view';
// For other screens that list vendors (filters, pickers) or change them (the import wizard).
export { useVendors, vendorsQueryKey, vendorsQueryOptions } from './api/get-vendors';
export { getVendorNames, vendorNamesQueryOptions } from './api/get-vendor-names';
