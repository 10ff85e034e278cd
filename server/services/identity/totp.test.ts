import { generateSync } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkTotp, newTotpSecret, totpQrSvg, totpUri } from './totp';

// A moment 10 s into a 30-second step.
const NOW = Date.UTC(2026, 10, 25, 12, 0, 10);
const STEP = Math.floor(NOW / 1000 / 30);

const codeAt = (secret: string, step: number) => generateSync({ secret, epoch: step * 30 });

describe('TOTP', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes base32 secrets of 160 bits', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth URI and an SVG QR code of it', async () => {
    const secret = newTotpSecret();
    const uri = totpUri({ secret, accountName: 'jordan@example.com', issuer: 'Benefits Portal' });
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(decodeURIComponent(parsed.pathname)).toMatch(/Benefits Portal:jordan@example\.com$/);
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Benefits Portal');
    const svg = await totpQrSvg(uri);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });

  it('accepts the current step and one either side, and says which', () => {
    const secret = newTotpSecret();
    for (const step of [STEP - 1, STEP, STEP + 1])
      expect(checkTotp(codeAt(secret, step), secret, null)).toEqual({ ok: true, step });
    expect(checkTotp(codeAt(secret, STEP - 2), secret, null)).toEqual({ ok: false });
    expect(checkTotp(codeAt(secret, STEP + 2), secret, null)).toEqual({ ok: false });
  });

  it('follows the clock', () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, STEP);
    vi.setSystemTime(NOW + 30_000);
    expect(checkTotp(code, secret, null)).toEqual({ ok: true, step: STEP });
    vi.setSystemTime(NOW + 60_000);
    expect(checkTotp(code, secret, null)).toEqual({ ok: false });
  });

  it('refuses a code used before, and any code of an earlier step', () => {
    const secret = newTotpSecret();
    const first = checkTotp(codeAt(secret, STEP), secret, null);
    expect(first).toEqual({ ok: true, step: STEP });
    expect(checkTotp(codeAt(secret, STEP), secret, STEP)).toEqual({ ok: false });
    expect(checkTotp(codeAt(secret, STEP - 1), secret, STEP)).toEqual({ ok: false });
    expect(checkTotp(codeAt(secret, STEP + 1), secret, STEP)).toEqual({ ok: true, step: STEP + 1 });
    // A step stored from the future (clock moved back) refuses everything rather than throwing.
    expect(checkTotp(codeAt(secret, STEP + 1), secret, STEP + 5)).toEqual({ ok: false });
  });

  it('strips spaces, and wants exactly six digits', () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, STEP);
    expect(checkTotp(` ${code.slice(0, 3)} ${code.slice(3)} `, secret, null)).toEqual({ ok: true, step: STEP });
    expect(checkTotp(code.slice(0, 5), secret, null)).toEqual({ ok: false });
    expect(checkTotp(`${code}0`, secret, null)).toEqual({ ok: false });
    expect(checkTotp(`${code.slice(0, 3)}-${code.slice(3)}`, secret, null)).toEqual({ ok: false });
    expect(checkTotp('abcdef', secret, null)).toEqual({ ok: false });
  });

  it('refuses a wrong code and the code of another secret', () => {
    const secret = newTotpSecret();
    const right = codeAt(secret, STEP);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(checkTotp(wrong, secret, null)).toEqual({ ok: false });
    expect(checkTotp(right, newTotpSecret(), null)).toEqual({ ok: false });
  });
});
