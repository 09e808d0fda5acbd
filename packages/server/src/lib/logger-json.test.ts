import { describe, expect, it } from 'vitest';
import { jsonLogger } from './logger-json.js';

describe('JSON logger (pino)', () => {
  const capture = (level: 'debug' | 'info' | 'warn' | 'silent') => {
    const lines: string[] = [];
    return { lines, logger: jsonLogger(level, { write: (line: string) => void lines.push(line) }) };
  };

  it('writes one JSON object per line: level name, ISO time, pid, msg and the fields', () => {
    const { lines, logger } = capture('debug');
    logger.info('GET /api/health 200 1ms', { requestId: 'r-1', status: 200 });
    logger.error('two\nlines', { stack: 'Error: x\n    at y' });
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 'info', msg: 'GET /api/health 200 1ms', requestId: 'r-1', status: 200 });
    expect(first.pid).toBe(process.pid);
    expect(String(first.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 'error', msg: 'two\nlines', stack: 'Error: x\n    at y' });
  });

  it('drops lines below its level', () => {
    const info = capture('info');
    info.logger.debug('hidden');
    info.logger.warn('shown');
    expect(info.lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['shown']);
    const silent = capture('silent');
    silent.logger.error('nothing');
    expect(silent.lines).toEqual([]);
  });

  it('redacts before writing', () => {
    const { lines, logger } = capture('debug');
    logger.warn('fetch https://u:pw-Secret1@h/x?sign=Mac-Secret2', {
      password: 'Pw-Secret3',
      via: 'Bearer Tok-Secret4',
    });
    expect(lines[0]).not.toMatch(/Secret\d/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: '[redacted]', via: 'Bearer [redacted]' });
  });
});
