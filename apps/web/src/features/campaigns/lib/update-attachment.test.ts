import { describe, expect, it } from 'vitest';
import { attachmentProblem } from './update-attachment';

const MB = 1024 * 1024;

describe('update attachment check', () => {
  it('accepts images up to 5MB and doc, docx or pdf documents up to 10MB', () => {
    expect(attachmentProblem({ name: 'route.png', type: 'image/png', size: 5 * MB })).toBeUndefined();
    expect(attachmentProblem({ name: 'Budget.PDF', type: 'application/pdf', size: 10 * MB })).toBeUndefined();
    expect(attachmentProblem({ name: 'notes.docx', type: '', size: 1000 })).toBeUndefined();
  });

  it('names the rule a file breaks', () => {
    expect(attachmentProblem({ name: 'big.jpg', type: 'image/jpeg', size: 5 * MB + 1 })).toBe('Image size should not exceed 5MB');
    expect(attachmentProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe('Document size should not exceed 10MB');
    expect(attachmentProblem({ name: 'run.sh', type: 'text/x-sh', size: 10 })).toBe('Attach an image (JPEG, PNG, WebP, GIF) or a .doc, .docx or .pdf document');
    expect(attachmentProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Attach an image (JPEG, PNG, WebP, GIF) or a .doc, .docx or .pdf document',
    );
  });
});
