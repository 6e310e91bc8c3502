import type { ComponentType } from "react";
import { messages } from "../../../core/messages/first-screen";
import { ChartIcon, SettingsIcon, TodayIcon, UserIcon } from "../../ui/icons";

export type NavItem = { to: string; label: string; Icon: ComponentType<{ size?: number }> };

// Labels are read at render (getters), so that they follow a change of language.
const s = messages.shell;
export const today: NavItem = {
  to: "/",
  get label() {
    return s.today;
  },
  Icon: TodayIcon,
};
export const stats: NavItem = {
  to: "/stats",
  get label() {
    return s.stats;
  },
  Icon: ChartIcon,
};
export const settings: NavItem = {
  to: "/settings",
  get label() {
    return s.settings;
  },
  Icon: SettingsIcon,
};
export const profile: NavItem = {
  to: "/profile",
  get label() {
    return s.profile;
  },
  Icon: UserIcon,
};

/** The shell's tab bar and the footer navigation. */
export const TAB_ITEMS: readonly NavItem[] = [today, stats, settings];
export const FOOTER_ITEMS: readonly NavItem[] = [today, stats, settings, profile];
