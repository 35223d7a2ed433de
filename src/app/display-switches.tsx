// The shell's display switches, on every page: odds format, language of names (identifiers never
// change with it) and theme. They write the settings store, so every page follows at once.
import { LANGS, type Lang } from '../api/client.ts';
import { formatPrice, ODDS_FORMATS, type OddsFormat } from '../domain/odds-format.ts';
import { THEMES, type Theme } from '../settings/settings-store.ts';
import { useSettings } from '../settings/use-settings.ts';

const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', de: 'Deutsch', fr: 'Français', zh: '中文' };
const FORMAT_NAMES: Readonly<Record<OddsFormat, string>> = {
  decimal: 'Decimal',
  american: 'American',
  fractional: 'Fractional',
  implied: 'Implied %',
};
const THEME_NAMES: Readonly<Record<Theme, string>> = { light: 'Light', dark: 'Dark' };
/** Each format's option shows this price in it, so the choice explains itself. */
const SAMPLE_PRICE = 2.5;

export function DisplaySwitches() {
  const lang = useSettings((s) => s.lang);
  const oddsFormat = useSettings((s) => s.oddsFormat);
  const theme = useSettings((s) => s.theme);
  const update = useSettings((s) => s.update);

  return (
    <div className="display-switches">
      <label className="switch">
        <span>Odds</span>
        <select
          value={oddsFormat}
          onChange={(event) => {
            update({ oddsFormat: event.target.value as OddsFormat });
          }}
        >
          {ODDS_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_NAMES[format]} ({formatPrice(SAMPLE_PRICE, format)})
            </option>
          ))}
        </select>
      </label>
      <label className="switch">
        <span>Language</span>
        <select
          value={lang}
          onChange={(event) => {
            update({ lang: event.target.value as Lang });
          }}
        >
          {LANGS.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
      <label className="switch">
        <span>Theme</span>
        <select
          value={theme}
          onChange={(event) => {
            update({ theme: event.target.value as Theme });
          }}
        >
          {THEMES.map((t) => (
            <option key={t} value={t}>
              {THEME_NAMES[t]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
