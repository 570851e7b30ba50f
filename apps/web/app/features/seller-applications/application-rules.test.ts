import { ApplyToSellInputSchema } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { type ApplicationField, applicationFieldError } from './application-rules';

const valid: Record<ApplicationField, string> = {
  companyName: 'Acme AI',
  website: 'https://acme.example',
  productName: 'Acme Notes',
  email: 'founder@acme.example',
  description: 'Meeting notes that write themselves: recordings become summaries and action items.',
};

/** The server's first message for the field, to check the form says the same thing. */
function serverMessage(name: ApplicationField, value: string): string | undefined {
  const result = ApplyToSellInputSchema.shape[name].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('applicationFieldError (contracts ApplicationMessage, as the server says it)', () => {
  it('accepts a complete application', () => {
    for (const name of Object.keys(valid) as ApplicationField[])
      expect(applicationFieldError(name, valid)).toBe(undefined);
  });

  it.each<[ApplicationField, string, string]>([
    ['companyName', '  ', 'Please enter your company’s name'],
    ['companyName', 'A', 'The company name must be at least 2 characters long'],
    ['companyName', 'x'.repeat(121), 'The company name must be at most 120 characters long'],
    ['website', '', 'Please enter your website'],
    [
      'website',
      'mailto:founder@acme.example',
      'Please enter a web address, like quillforge.example or https://quillforge.example',
    ],
    [
      'website',
      'ftp://acme.example',
      'Please enter a web address, like quillforge.example or https://quillforge.example',
    ],
    ['website', 'https://', 'Please enter a web address, like quillforge.example or https://quillforge.example'],
    ['productName', '', 'Please enter your product’s name'],
    ['productName', 'x'.repeat(81), 'The product name must be at most 80 characters long'],
    ['email', '', 'Email is required'],
    ['email', 'founder@', 'Please enter a valid email address'],
    ['description', '', 'Please describe your product'],
    ['description', 'Short.', 'The description must be at least 50 characters long'],
    ['description', 'x'.repeat(5001), 'The description must be at most 5000 characters long'],
  ])('%s "%s" → "%s", the server’s own words', (name, value, message) => {
    expect(applicationFieldError(name, { ...valid, [name]: value })).toBe(message);
    expect(serverMessage(name, value)).toBe(message);
  });

  it('takes a bare domain, as the server does, which adds https://', () => {
    expect(applicationFieldError('website', { ...valid, website: 'quillforge.example' })).toBe(undefined);
    expect(serverMessage('website', 'quillforge.example')).toBe(undefined);
  });

  it('takes an http address too', () => {
    expect(applicationFieldError('website', { ...valid, website: 'http://acme.example/ai' })).toBe(undefined);
  });
});
