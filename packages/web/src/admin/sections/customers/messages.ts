import { messageLoaders } from '../../admin-i18n';

/** The customers section's texts (namespace `admin-customers`). */
export const customerMessages = messageLoaders(import.meta.glob('./i18n/*.json'));
