/** The mail module's public face: the only file of modules/mail other modules import. */
export { mailManifest } from './mail.manifest.ts';
export { createMailProvider, SmtpMailProvider, type MailProvider } from './mail.provider.ts';
