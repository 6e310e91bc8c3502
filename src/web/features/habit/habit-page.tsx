import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { type HabitView, type UseHabits, useHabits } from "../../lib/habits/use-habits";
import { showUndoToast } from "../../ui/undo-toast";
import { HabitFigures } from "./habit-figures";
import { HabitGroupField } from "./habit-group";
import { HabitHeader } from "./habit-header";
import { HabitReminder } from "./habit-reminder";
import { HabitStrength } from "./habit-strength";
import { ArrowLeftIcon } from "./habit-icons";
import { MonthCalendar } from "./month-calendar";
import { DayPanel } from "./day-panel";
import { RulesEditor } from "./rules-editor";
import { YearHeatmap } from "./year-heatmap";

const h = messages.history;

/** The habit page, /habits/:id, reached from a habit's name on Today and Stats. */
export function HabitPage() {
  const { id } = useParams();
  const store = useHabits();
  const habit = store.habits.find((candidate) => candidate.id === id);
  if (habit) return <HabitDetail habit={habit} store={store} />;
  if (store.status === "loading")
    return (
      <div role="status" className="py-16 text-center text-sm text-slate-600 dark:text-slate-300">
        {h.loading}
      </div>
    );
  return store.status === "error" ? (
    <Missing title={messages.today.listLoadFailedTitle} body={messages.today.listLoadFailedBody} />
  ) : (
    <Missing title={h.notFoundTitle} body={h.notFoundBody} />
  );
}

function BackLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg pe-3 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
    >
      <ArrowLeftIcon size={18} />
      {h.backToToday}
    </Link>
  );
}

/** An unknown or deleted habit (or none could be loaded): what happened, and the way back to Today. */
function Missing({ title, body }: { title: string; body: string }) {
  return (
    <div
      data-testid="habit-missing"
      className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{body}</p>
      <div className="mt-4">
        <BackLink />
      </div>
    </div>
  );
}

function HabitDetail({ habit, store }: { habit: HabitView; store: UseHabits }) {
  const navigate = useNavigate();
  const { today, vacations, weekStart } = store;
  const [openDay, setOpenDay] = useState<LocalDate | null>(null);
  const onDelete = async () => {
    const handle = await store.remove(habit.id);
    if (!handle) return;
    showUndoToast(h.deleted(habit.name), handle.undo);
    void navigate("/");
  };

  return (
    <div className="space-y-5" data-testid="habit-page" data-habit-id={habit.id}>
      <BackLink />
      <HabitHeader
        habit={habit}
        onRename={(name) => store.rename(habit.id, name)}
        onArchive={(archived) => void store.update(habit.id, { archived })}
        onDelete={() => void onDelete()}
      />
      <HabitGroupField
        habit={habit}
        groups={store.groups}
        onChange={(groupId) => void store.update(habit.id, { groupId })}
      />
      <HabitFigures habit={habit} today={today} vacations={vacations} weekStart={weekStart} />
      {/* A wide window shows the month and the year side by side, out of the page's column. */}
      <div className="space-y-5 lg:mx-[calc(20rem_-_min(50vw_-_1.5rem,31rem))] lg:grid lg:grid-cols-2 lg:items-start lg:gap-5 lg:space-y-0">
        <MonthCalendar
          habit={habit}
          today={today}
          vacations={vacations}
          weekStart={weekStart}
          onCycle={(date) => void store.cycleDay(habit.id, date)}
          onOpen={setOpenDay}
          tapOpens={habit.kind !== "yesNo"}
        />
        <YearHeatmap habit={habit} today={today} vacations={vacations} weekStart={weekStart} />
      </div>
      <HabitStrength habit={habit} today={today} vacations={vacations} weekStart={weekStart} />
      <RulesEditor
        habit={habit}
        today={today}
        onSetRules={(from, frequency, target) => store.setRules(habit.id, from, frequency, target)}
        onSetStep={(step) => store.setStep(habit.id, step)}
      />
      {openDay && (
        <DayPanel
          key={openDay}
          habit={habit}
          date={openDay}
          today={today}
          vacations={vacations}
          weekStart={weekStart}
          onClose={() => setOpenDay(null)}
          onCycle={(date) => void store.cycleDay(habit.id, date)}
          onSetAmount={(date, value) => store.setAmount(habit.id, date, value)}
          onSetNote={(date, note) => store.setNote(habit.id, date, note)}
        />
      )}
      <HabitReminder habitId={habit.id} />
    </div>
  );
}
