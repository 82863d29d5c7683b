// oidc-provider (a test-only identity provider) ships without type declarations.
declare module 'oidc-provider';
