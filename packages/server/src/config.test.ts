import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, metricsEnabled, secretWeakness } from './config.js';

const STRONG = 'Zx9!kq2#Lm5$Wp8@Rt4%Yu7^Ab3&Cd6*Ef';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/app');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies every default on an empty environment', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8787,
      host: '0.0.0.0',
      socketPath: null,
      dataDir: '/srv/app/data',
      database: { kind: 'sqlite', file: '/srv/app/data/driftbox.db' },
      encryptionSecret: null,
      admin: { username: 'admin', password: null },
      logLevel: 'info',
      logFormat: null,
      metrics: { token: null, port: null, host: '127.0.0.1' },
      trustProxy: false,
      nodeEnv: 'production',
    });
    // The default web build sits beside the server package, wherever the process starts.
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ENCRYPTION_SECRET: '' }, '/x').database.kind).toBe('sqlite');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        SOCKET_PATH: 'run/driftbox.sock',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgresql://u:p@db:5432/driftbox',
        ENCRYPTION_SECRET: STRONG,
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'a-long-password',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'text',
        METRICS_TOKEN: 'metrics-token-0123456789',
        METRICS_PORT: '9100',
        METRICS_HOST: '0.0.0.0',
        TRUST_PROXY: 'true',
        CORS_ORIGINS: 'https://paste.example.com, http://localhost:5173/',
        MIN_BODY_RATE: '512',
        BODY_RATE_WINDOW: '30',
        MAX_CONNECTIONS_PER_CLIENT: '8',
        PUBLIC_URL: 'https://files.example.com/',
        ALLOWED_HOSTS: 'Files.Example.com, 192.0.2.7, ::1',
        URL_FETCH_TRUSTED_HOSTS: 'Mirror.Internal, localhost',
        WEB_DIST: '/opt/web',
        NODE_ENV: 'development',
      },
      '/srv/app',
    );
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      socketPath: '/srv/app/run/driftbox.sock',
      dataDir: '/srv/app/var/db',
      database: { kind: 'postgres', url: 'postgresql://u:p@db:5432/driftbox' },
      encryptionSecret: STRONG,
      admin: { username: 'root', password: 'a-long-password' },
      logLevel: 'debug',
      logFormat: 'text',
      metrics: { token: 'metrics-token-0123456789', port: 9100, host: '0.0.0.0' },
      // With SOCKET_PATH the proxy is on the socket: only requests over it are believed.
      trustProxy: 'socket',
      corsOrigins: ['https://paste.example.com', 'http://localhost:5173'],
      slowClients: { minBodyRate: 512, bodyRateWindowMs: 30_000, maxConnectionsPerClient: 8 },
      publicUrl: 'https://files.example.com',
      allowedHosts: ['files.example.com', '192.0.2.7', '::1'],
      urlFetchTrustedHosts: ['mirror.internal', 'localhost'],
      webDist: '/opt/web',
      nodeEnv: 'development',
    });
  });

  it("trusts every request's forwarded headers behind a TCP proxy, none without TRUST_PROXY", () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/srv/app').trustProxy).toBe(true);
    expect(loadConfig({ SOCKET_PATH: 'run/d.sock' }, '/srv/app').trustProxy).toBe(false);
  });

  it('caps connections per client at 64 unless every connection comes from a TCP proxy', () => {
    const cap = (env: Record<string, string>) => loadConfig(env, '/srv/app').slowClients.maxConnectionsPerClient;
    expect(loadConfig({}, '/srv/app').slowClients).toEqual({
      minBodyRate: 1024,
      bodyRateWindowMs: 60_000,
      maxConnectionsPerClient: 64,
    });
    expect(cap({ TRUST_PROXY: 'true' })).toBe(0);
    expect(cap({ TRUST_PROXY: 'true', SOCKET_PATH: 'run/d.sock' })).toBe(64);
    expect(cap({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_CLIENT: '200' })).toBe(200);
    expect(problemsOf({ MIN_BODY_RATE: '-1', BODY_RATE_WINDOW: '0', MAX_CONNECTIONS_PER_CLIENT: 'many' })).toHaveLength(
      3,
    );
  });

  it('refuses a socket path longer than a Unix socket address holds', () => {
    expect(problemsOf({ SOCKET_PATH: `/run/${'s'.repeat(102)}` })).toEqual([]);
    expect(problemsOf({ SOCKET_PATH: `/run/${'s'.repeat(103)}` })).toEqual([
      expect.stringMatching(/^SOCKET_PATH: .* longer than the 107 bytes/),
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      ENCRYPTION_SECRET: 'short',
      ADMIN_PASSWORD: 'abc',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'maybe',
      CORS_ORIGINS: 'https://ok.example, https://x.example/path, *',
      NODE_ENV: 'staging',
    });
    const vars = problems.map((p) => p.split(':')[0]);
    expect(vars.sort()).toEqual([
      'ADMIN_PASSWORD',
      'CORS_ORIGINS',
      'DATABASE_URL',
      'ENCRYPTION_SECRET',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
      'TRUST_PROXY',
    ]);
    expect(problems.find((p) => p.startsWith('CORS_ORIGINS'))).toContain('not https://x.example/path, *');
    expect(problems.find((p) => p.startsWith('ENCRYPTION_SECRET'))).toContain('at least 32 characters');
  });

  it('takes PUBLIC_URL as an origin only (the app is served at the root) and ALLOWED_HOSTS as bare host names', () => {
    expect(loadConfig({}, '/x')).toMatchObject({ publicUrl: null, allowedHosts: [] });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8787' }, '/x').publicUrl).toBe('http://127.0.0.1:8787');
    for (const bad of [
      'https://x.example/driftbox',
      'https://x.example/?a=1',
      'https://x.example/#f',
      'ftp://x.example',
      'x.example',
    ]) {
      expect(problemsOf({ PUBLIC_URL: bad }), bad).toEqual([expect.stringMatching(/^PUBLIC_URL: .*no path/)]);
    }
    for (const bad of ['https://x.example', 'x.example:8443', 'x.example/a', 'a b']) {
      expect(problemsOf({ ALLOWED_HOSTS: `ok.example, ${bad}` }), bad).toEqual([
        expect.stringMatching(/^ALLOWED_HOSTS: /),
      ]);
    }
  });

  it('trusts no host for URL fetches by default, and only names: never an address or a wildcard', () => {
    expect(loadConfig({}, '/x').urlFetchTrustedHosts).toEqual([]);
    expect(loadConfig({ URL_FETCH_TRUSTED_HOSTS: ' a.internal,, B.internal ' }, '/x').urlFetchTrustedHosts).toEqual([
      'a.internal',
      'b.internal',
    ]);
    for (const bad of [
      '127.0.0.1',
      '::1',
      '[::1]',
      '10.0.0.8',
      '*.internal',
      '*',
      'http://a.internal',
      'a.internal:80',
    ]) {
      expect(problemsOf({ URL_FETCH_TRUSTED_HOSTS: `ok.internal, ${bad}` }), bad).toEqual([
        expect.stringMatching(/^URL_FETCH_TRUSTED_HOSTS: must list host names/),
      ]);
    }
  });

  it('never exposes /metrics by default: a METRICS_PORT reachable from elsewhere needs a token', () => {
    expect(metricsEnabled(loadConfig({}, '/x').metrics)).toBe(false);
    expect(metricsEnabled(loadConfig({ METRICS_PORT: '9100' }, '/x').metrics)).toBe(true);
    expect(problemsOf({ METRICS_PORT: '9100', METRICS_HOST: '::1' })).toEqual([]);
    expect(problemsOf({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(/^METRICS_HOST: 0\.0\.0\.0 is reachable from other machines: set METRICS_TOKEN/),
    ]);
    expect(problemsOf({ METRICS_PORT: '8787' })).toEqual(['METRICS_PORT: must differ from PORT']);
    expect(problemsOf({ METRICS_TOKEN: 'short', LOG_FORMAT: 'xml' })).toEqual([
      'LOG_FORMAT: Invalid option: expected one of "json"|"text"',
      'METRICS_TOKEN: must be at least 16 characters',
    ]);
  });

  it('refuses port numbers out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toHaveLength(1);
    expect(problemsOf({ PORT: '0' })).toHaveLength(1);
  });

  it.each([
    'default-encryption-key-default-encryption-key',
    'changeme-changeme-changeme-changeme-1234',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '12121212121212121212121212121212',
    'my-super-secret-key-for-driftbox-2026',
  ])('refuses the weak secret %s', (secret) => {
    expect(secretWeakness(secret)).not.toBeNull();
    expect(problemsOf({ ENCRYPTION_SECRET: secret })).toHaveLength(1);
  });

  it('accepts a generated-looking secret', () => {
    expect(secretWeakness('3f9a1c7e5b2d8046f1e3a5c7b9d2e4f60a8c1e3b5d7f9a2c4e6b8d0f1a3c5e7b')).toBeNull();
  });

  it('refuses well-known admin passwords even when long enough', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'admin123' })).toEqual(['ADMIN_PASSWORD: is a well-known default password']);
  });

  it('formats the error message with one problem per line', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrowError(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- LOG_LEVEL: /,
    );
  });
});
