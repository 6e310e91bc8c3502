import { messages } from "../../../core/messages/first-screen";
import { Button } from "../../ui/button";
import { MoonIcon, SunIcon } from "../../ui/icons";
import { toggleTheme, useTheme } from "./theme";

export function ThemeToggle() {
  const theme = useTheme();
  const label = theme === "dark" ? messages.shell.themeToLight : messages.shell.themeToDark;
  return (
    <Button
      variant="ghost"
      iconOnly
      className="size-11"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
