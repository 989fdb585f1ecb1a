import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sha256Hex } from './sha256.js';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  test('should give the FIPS 180-4 example digests', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))
      .toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  test('should agree with node:crypto at every length around the block and padding boundaries, and on non-ASCII text', () => {
    // 55, 56 and 64 bytes are where the length field moves to another block.
    for (let n = 0; n <= 130; n++) {
      const text = 'x'.repeat(n);
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
    const scene = JSON.stringify({ scene: { name: 'drum ⊙ — μ = 0.3', bodies: [1, 2.5e-300, -0] }, config: { solver: { name: 'pqn' } } });
    expect(sha256Hex(scene)).toBe(nodeSha256(scene));
    const long = 'ü€𝄞'.repeat(20_000);
    expect(sha256Hex(long)).toBe(nodeSha256(long));
  });
});
