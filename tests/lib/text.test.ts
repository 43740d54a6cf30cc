import { describe, expect, it } from 'vitest';
import { clip } from '../../src/lib/text.ts';

// Text from other sites made safe to quote (src/lib/text.ts).

describe('clip', () => {
  it('collapses whitespace, strips control and bidi characters, cuts with an ellipsis', () => {
    expect(clip('  a\n\tb   c  ')).toBe('a b c');
    expect(clip('evil\u202Etxt.exe\u0007\u200B!')).toBe('eviltxt.exe!');
    expect(clip('abcdefghij', 5)).toBe('abcd…');
    expect(clip('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
    expect(clip('\ud800lone')).toBe('lone');
  });
});
