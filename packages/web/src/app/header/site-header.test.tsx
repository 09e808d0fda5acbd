import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/site/i18n';
import { renderWithApp } from '../../test/render';
import { SiteHeader } from './site-header';

beforeEach(() => {
  void i18n.changeLanguage('en');
});

describe('mobile header menu', () => {
  it('closes on Escape, with aria-expanded following and focus back on its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('navigation', { name: 'Main navigation' })).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });

  it('names the theme item as a label of its own in both languages', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // Not the lowercase fragment of "Theme: light"; its spoken name starts with what it shows (WCAG 2.5.3).
    // The desktop icon button is in the DOM too (jsdom has no media queries); the menu's is the last.
    expect(
      screen.getAllByRole('button', { name: /^(System theme|Light mode|Dark mode) — Theme: / }).at(-1),
    ).toHaveTextContent(/^(System theme|Light mode|Dark mode)$/);
    await i18n.changeLanguage('zh-CN');
    expect(
      (await screen.findAllByRole('button', { name: /^(跟随系统|浅色模式|深色模式) — 主题：/ })).at(-1),
    ).toHaveTextContent(/^(跟随系统|浅色模式|深色模式)$/);
    void i18n.changeLanguage('en');
  });
});

describe('language menu', () => {
  it('loads on the first press and opens at once; a choice switches the language', async () => {
    const user = userEvent.setup();
    renderWithApp(<SiteHeader />);
    // The desktop button (jsdom has no media queries: the phone menu's is only there once opened).
    await user.click(screen.getAllByRole('button', { name: 'Language' })[0]!);
    await user.click(await screen.findByRole('menuitemradio', { name: '简体中文' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: '语言' })[0]).toHaveFocus());
    await i18n.changeLanguage('en');
  });
});
