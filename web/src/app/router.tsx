import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireSession } from './route-guards';

// Every page is its own chunk, so the first load of /login carries none of the signed-in screens.
const LoginRoute = lazy(() => import('./routes/login'));
const RegisterRoute = lazy(() => import('./routes/register'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const UsersRoute = lazy(() => import('./routes/users'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const CategoriesRoute = lazy(() => import('./routes/categories'));
const CategoryTreeRoute = lazy(() => import('./routes/category-tree'));
const CategoryMappingRoute = lazy(() => import('./routes/category-mapping'));
const VendorsRoute = lazy(() => import('./routes/vendors'));
const ProductsRoute = lazy(() => import('./routes/products'));
const ProductDetailRoute = lazy(() => import('./routes/product-detail'));
const ProductVariationsRoute = lazy(() => import('./routes/product-variations'));
const DeletedProductsRoute = lazy(() => import('./routes/products-deleted'));
const RecentChangesRoute = lazy(() => import('./routes/changes'));
const ImportsRoute = lazy(() => import('./routes/imports'));
const ImportProfilesRoute = lazy(() => import('./routes/import-profiles'));

/** The route table of SPEC §2. Unknown paths go to /login signed out and to /dashboard signed in. */
export const appRoutes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/register', element: <RegisterRoute /> },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/products', element: <ProductsRoute /> },
          { path: '/products/deleted', element: <DeletedProductsRoute /> },
          { path: '/changes', element: <RecentChangesRoute /> },
          { path: '/imports', element: <ImportsRoute /> },
          { path: '/imports/profiles', element: <ImportProfilesRoute /> },
          { path: '/product/:id', element: <ProductDetailRoute /> },
          { path: '/product/:id/variations', element: <ProductVariationsRoute /> },
          { path: '/users', element: <UsersRoute /> },
          { path: '/vendors', element: <VendorsRoute /> },
          { path: '/categories', element: <CategoriesRoute /> },
          { path: '/category-tree', element: <CategoryTreeRoute /> },
          { path: '/category-mapping', element: <CategoryMappingRoute /> },
          { path: '/settings', element: <SettingsRoute /> },
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
