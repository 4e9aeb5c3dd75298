// What other modules may use of the api-keys module (the owner's key management).
export { ApiKeysModule } from './api-keys.module.js';
