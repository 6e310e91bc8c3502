// The first day of the week where the user has not chosen one (settings' weekStart null): the locale's that dates
// are written in (ui/format-locale.ts), from Intl.Locale's week information where the browser has it, else Monday
// (docs/decisions/0061).
import type { WeekStart } from "../../core/habit-kind";
import { formatLocale } from "../ui/format-locale";

type WeekInfo = { firstDay?: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * Sunday (0) where the locale's week starts on Sunday, or on Saturday (Sunday is the nearer of the two we hold);
 * Monday (1) otherwise, and where the browser cannot say.
 */
export function localeWeekStart(locale: string = formatLocale()): WeekStart {
  try {
    const info = new Intl.Locale(locale) as LocaleWithWeek;
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return firstDay === 7 || firstDay === 6 ? 0 : 1;
  } catch {
    return 1;
  }
}
