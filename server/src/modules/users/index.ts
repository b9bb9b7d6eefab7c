// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { permissionColumns, toUser } from './user-mapper.js';
export { countUsers, findUserById, findUserByLogin, findUserConflicts, insertUser, updateUser } from './users.repository.js';
export { usersRoutes } from './users.routes.js';
export { approveUser, assertUsernameAndEmailFree, savePreferences } from './users.service.js';
