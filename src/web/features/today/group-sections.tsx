// Today's groups (docs/product.md, "Groups"): a section per group that folds. Loaded
// with the list's rows (today-list.tsx), after the first paint; shown only to a user with groups.
import { type ReactNode, useId, useState } from "react";
import { todayRows } from "../../../core/messages/today-rows";
import type { HabitGroup } from "../../../core/sync";
import { readStorage, WEB_STORAGE_KEYS, writeStorage } from "../../lib/storage";
import { cx } from "../../ui/cx";
import { ChevronDownIcon } from "../../ui/icons";

export const groupTexts = todayRows.groupFilter;

/** Folded (true) or unfolded (false) by hand on this device, by group id; a group not here follows its default. */
type HandFolds = Record<string, boolean>;

function readHandFolds(): HandFolds {
  try {
    const value: unknown = JSON.parse(readStorage(WEB_STORAGE_KEYS.foldedGroups) ?? "{}");
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as HandFolds) : {};
  } catch {
    return {};
  }
}

/**
 * Which groups are folded: a group folded or unfolded by hand stays so on this device (not synced), the others
 * follow their "folded by default". A hand choice equal to the default is forgotten, so that a later change of the
 * default applies.
 */
function useFolds(): [(group: HabitGroup) => boolean, (group: HabitGroup) => void] {
  const [hand, setHand] = useState(readHandFolds);
  const isFolded = (group: HabitGroup) => hand[group.id] ?? group.folded;
  const toggle = (group: HabitGroup) => {
    const next = { ...readHandFolds(), ...hand };
    const folded = !isFolded(group);
    if (folded === group.folded) delete next[group.id];
    else next[group.id] = folded;
    setHand(next);
    writeStorage(WEB_STORAGE_KEYS.foldedGroups, JSON.stringify(next));
  };
  return [isFolded, toggle];
}

/** Each group that has habits to show, in the user's order, as a section whose heading button folds it. */
export function GroupSections<T extends { groupId?: string | null }>({
  groups,
  habits,
  renderList,
}: {
  groups: readonly HabitGroup[];
  /** The habits to show (due today, past the filter), in their order. */
  habits: readonly T[];
  renderList: (habits: readonly T[], label: string, id: string) => ReactNode;
}) {
  const [isFolded, toggle] = useFolds();
  return groups.map((group) => {
    const list = habits.filter((habit) => habit.groupId === group.id);
    if (list.length === 0) return null;
    return (
      <GroupSection
        key={group.id}
        group={group}
        count={list.length}
        folded={isFolded(group)}
        onToggle={() => toggle(group)}
      >
        {(id) => renderList(list, group.name, id)}
      </GroupSection>
    );
  });
}

function GroupSection({
  group,
  count,
  folded,
  onToggle,
  children,
}: {
  group: HabitGroup;
  count: number;
  folded: boolean;
  onToggle: () => void;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section data-testid="group-section" data-group-id={group.id} className="pt-1">
      <h3>
        <button
          type="button"
          aria-expanded={!folded}
          aria-controls={folded ? undefined : id}
          onClick={onToggle}
          data-testid="group-toggle"
          className="flex min-h-11 w-full items-center gap-2 rounded-lg px-1 text-start text-base font-semibold text-slate-900 hover:text-indigo-800 dark:text-white dark:hover:text-indigo-200"
        >
          <span className="min-w-0 flex-1 wrap-anywhere">
            <bdi>{group.name}</bdi>
          </span>
          <span
            aria-hidden="true"
            className="shrink-0 text-sm font-normal text-slate-600 dark:text-slate-300"
          >
            {groupTexts.count(count)}
          </span>
          <ChevronDownIcon
            size={18}
            className={cx("shrink-0 transition-transform", !folded && "rotate-180")}
          />
        </button>
      </h3>
      {!folded && <div className="mt-2">{children(id)}</div>}
    </section>
  );
}
