import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as icons from 'antd-mobile-icons';
import { LANGUAGE_ALIASES, LANGUAGES } from '../../../packages/i18n/src/languages';
import { FIRST_SCREENS } from './templates';

const LOCALES = new URL('../../../packages/i18n/locales/', import.meta.url);
const SCRIPT = new URL('./choose-first-screen.js', import.meta.url);

type Texts = Record<string, string>;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function lookUp(lang: string, key: string): string {
  const [ns, path] = key.split(':') as [string, string];
  let value: unknown = JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, LOCALES), 'utf8'));
  for (const part of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`first screen: no ${lang} text for ${key}`);
  return value;
}

/**
 * An icon as antd-mobile-icons draws it, once per page as a <symbol> (the tab bar's five are in two templates):
 * without its ids and its invisible sizing rectangle.
 */
function iconSymbol(name: string): string {
  const icon = (icons as unknown as Record<string, ComponentType>)[name];
  if (!icon) throw new Error(`first screen: no icon ${name}`);
  const svg = renderToStaticMarkup(createElement(icon));
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 48 48';
  const inner = svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
    .replaceAll(/ id="[^"]*"/g, '')
    .replaceAll(/<rect[^>]*opacity="0"[^>]*><\/rect>/g, '');
  return `<symbol id="kb-fs-${name}" viewBox="${viewBox}">${inner}</symbol>`;
}

const iconUse = (name: string) =>
  `<svg width="1em" height="1em" aria-hidden="true" style="vertical-align:-0.125em" class="antd-mobile-icon">` +
  `<use href="#kb-fs-${name}"></use></svg>`;

/** The keys a template uses, for its texts in every language. */
const keysOf = (template: string) =>
  [...template.matchAll(/data-(?:k|label)="([^"]+)"/g)].map((match) => match[1] as string);

/** The template with its icons drawn and its Japanese texts in place (the default language). */
function inJapanese(template: string): string {
  return template
    .replaceAll(/\{icon:(\w+)\}/g, (_, name: string) => iconUse(name))
    .replaceAll(/data-k="([^"]+)"([^>]*)><\//g, (_, key: string, rest: string) => {
      return `data-k="${key}"${rest}>${escapeHtml(lookUp('ja', key))}</`;
    })
    .replaceAll(
      /data-label="([^"]+)"/g,
      (_, key: string) => `data-label="${key}" aria-label="${escapeHtml(lookUp('ja', key))}"`,
    );
}

/** The app's code, which the first screen's script requests once it has been painted (in the build). */
export interface AppCode {
  entry: string;
  preloads: string[];
}

export interface FirstScreen {
  /** Goes at the start of body: the container, a template per route, the script that picks one. */
  html: string;
  /** The inline script's CSP hash ('sha256-…'). */
  scriptHash: string;
}

export function buildFirstScreen(app?: AppCode): FirstScreen {
  const keys = [...new Set(Object.values(FIRST_SCREENS).flatMap(keysOf))];
  const texts: Record<string, Texts> = {};
  for (const lang of LANGUAGES.filter((lang) => lang !== 'ja'))
    texts[lang] = Object.fromEntries(keys.map((key) => [key, lookUp(lang, key)]));
  const data = JSON.stringify({ aliases: LANGUAGE_ALIASES, texts, app: app ?? null }).replaceAll(
    '<',
    '\\u003c',
  );
  const script = readFileSync(SCRIPT, 'utf8')
    .replaceAll(/^\/[/*].*\n/gm, '')
    // A function, so that a "$&" or "$'" in a translation is written as it is, not as a replacement pattern.
    .replace('KABUTO_FIRST_SCREEN_TEXTS', () => data);
  const iconNames = [
    ...new Set(
      Object.values(FIRST_SCREENS).flatMap((t) =>
        [...t.matchAll(/\{icon:(\w+)\}/g)].map((m) => m[1] as string),
      ),
    ),
  ];
  const symbols = `<svg style="display:none">${iconNames.map(iconSymbol).join('')}</svg>`;
  const templates = Object.entries(FIRST_SCREENS)
    .map(([path, template]) => `<template data-first-screen="${path}">${inJapanese(template)}</template>`)
    .join('');
  return {
    html: `<div id="kb-first-screen" inert aria-hidden="true"></div>${symbols}${templates}<script>${script}</script>`,
    scriptHash: `sha256-${createHash('sha256').update(script).digest('base64')}`,
  };
}
