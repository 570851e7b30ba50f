import { centsToDollarText, parseDollars, slugFromName } from '@everdeal/contracts/seller-rules';
import { describe, expect, it } from 'vitest';
import {
  fingerprint,
  formatBytes,
  monthName,
  planStockText,
  splitLines,
  splitList,
  waitingQuestionsText,
} from './seller-format';

describe('seller form helpers', () => {
  it('reads dollars typed by a seller into integer cents, never through floating point', () => {
    expect(parseDollars('49')).toBe(4900);
    expect(parseDollars('49.5')).toBe(4950);
    expect(parseDollars('$1,299.99')).toBe(129_999);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('19.999')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('ten')).toBeNull();
    expect(centsToDollarText(129_999)).toBe('1299.99');
    expect(centsToDollarText(7)).toBe('0.07');
  });

  it('suggests a slug from a name', () => {
    expect(slugFromName('  Écho Writer: AI notes! ')).toBe('echo-writer-ai-notes');
    expect(slugFromName('***')).toBe('');
  });

  it('splits lists and lines', () => {
    expect(splitList(' notes, , meetings ,')).toEqual(['notes', 'meetings']);
    expect(splitLines('Fast\n\n Private \n')).toEqual(['Fast', 'Private']);
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(monthName('2026-05')).toBe('May 2026');
    expect(fingerprint('a')).toBe(fingerprint('a'));
    expect(fingerprint('a')).not.toBe(fingerprint('b'));
  });
});

describe('counts with their nouns', () => {
  it('says "1 question waiting", not "1 questions"', () => {
    expect(waitingQuestionsText(1)).toBe('1 question waiting for your answer, oldest first.');
    expect(waitingQuestionsText(3)).toBe('3 questions waiting for your answer, oldest first.');
  });

  it('says "1 code left" on the dashboard', () => {
    expect(planStockText({ name: 'Solo', codesAvailable: 1 })).toBe('Solo: 1 code left');
    expect(planStockText({ name: 'Team', codesAvailable: 1200 })).toBe('Team: 1,200 codes left');
  });
});
