// Language of names, odds format (with a sample price in each), time zone and theme; applied at once.
import { useId } from 'react';
import { LANGS, type Lang } from '../../api/client.ts';
import { formatPrice, ODDS_FORMATS, type OddsFormat } from '../../domain/odds-format.ts';
import { TIME_ZONE_SETTINGS, type TimeZoneSetting } from '../../domain/time-format.ts';
import { THEMES, type Theme } from '../../settings/settings-store.ts';
import { LOCAL_TIME_ZONE } from '../../settings/use-time-zone.ts';
import { useSettings } from '../../settings/use-settings.ts';

const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', de: 'Deutsch', fr: 'Français', zh: '中文' };
const FORMAT_NAMES: Readonly<Record<OddsFormat, string>> = {
  decimal: 'Decimal',
  american: 'American',
  fractional: 'Fractional',
  implied: 'Implied probability',
};
const ZONE_NAMES: Readonly<Record<TimeZoneSetting, string>> = { local: `My time zone (${LOCAL_TIME_ZONE})`, utc: 'UTC' };
const THEME_NAMES: Readonly<Record<Theme, string>> = { light: 'Light', dark: 'Dark' };
/** The price each format is shown with. */
const SAMPLE_PRICE = 2.5;

export function PreferencesForm() {
  const lang = useSettings((s) => s.lang);
  const oddsFormat = useSettings((s) => s.oddsFormat);
  const theme = useSettings((s) => s.theme);
  const timeZone = useSettings((s) => s.timeZone);
  const update = useSettings((s) => s.update);
  const id = useId();

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Display</h3>
      <div className="field">
        <label htmlFor={`${id}-lang`}>Language of names</label>
        <select
          id={`${id}-lang`}
          value={lang}
          onChange={(event) => {
            update({ lang: event.target.value as Lang });
          }}
        >
          {LANGS.map((l) => (
            <option key={l} value={l}>
              {LANG_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>Odds format</legend>
        {ODDS_FORMATS.map((format) => (
          <label key={format} className="choice">
            <input
              type="radio"
              name={`${id}-format`}
              value={format}
              checked={oddsFormat === format}
              onChange={() => {
                update({ oddsFormat: format });
              }}
            />
            {FORMAT_NAMES[format]} <span className="sample">{formatPrice(SAMPLE_PRICE, format)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>Times</legend>
        {TIME_ZONE_SETTINGS.map((zone) => (
          <label key={zone} className="choice">
            <input
              type="radio"
              name={`${id}-zone`}
              value={zone}
              checked={timeZone === zone}
              onChange={() => {
                update({ timeZone: zone });
              }}
            />
            {ZONE_NAMES[zone]}
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>Theme</legend>
        {THEMES.map((t) => (
          <label key={t} className="choice">
            <input
              type="radio"
              name={`${id}-theme`}
              value={t}
              checked={theme === t}
              onChange={() => {
                update({ theme: t });
              }}
            />
            {THEME_NAMES[t]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
