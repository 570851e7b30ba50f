import { describe, expect, it } from 'vitest';
import { lastAnswerText, webhookUrlProblem } from './webhook-format';

describe('lastAnswerText', () => {
  it('says what the last attempt got', () => {
    expect(lastAnswerText({ attempts: 0, lastStatusCode: null, lastError: null })).toBe('Not sent yet');
    expect(lastAnswerText({ attempts: 1, lastStatusCode: 200, lastError: null })).toBe('200');
    expect(lastAnswerText({ attempts: 2, lastStatusCode: 302, lastError: 'redirect not followed' })).toBe(
      '302 (redirect not followed)',
    );
    expect(lastAnswerText({ attempts: 3, lastStatusCode: null, lastError: 'timeout after 10000 ms' })).toBe(
      'timeout after 10000 ms',
    );
  });
});

describe('webhookUrlProblem', () => {
  it('asks for a full URL', () => {
    expect(webhookUrlProblem('')).toBe('Enter the URL of your endpoint');
    expect(webhookUrlProblem('hooks.example.com')).toBe('Enter a full URL, starting with https://');
    expect(webhookUrlProblem('ftp://hooks.example.com')).toBe('Enter a full URL, starting with https://');
    expect(webhookUrlProblem(' https://hooks.example.com/everdeal ')).toBeNull();
  });
});
