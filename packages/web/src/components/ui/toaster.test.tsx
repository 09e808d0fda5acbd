import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/site/i18n';
import { renderWithApp } from '../../test/render';
import { toast } from './toaster';

describe('Toaster', () => {
  it("labels a toast's close button in the page's language", async () => {
    renderWithApp(<p>page</p>);
    act(() => {
      toast('Saved');
    });
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByRole('button', { name: '关闭' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});
