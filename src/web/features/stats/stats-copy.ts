// Labels of the Stats screen that the product does not fix, in the catalogue (src/locales).
import { messages } from "../../../core/messages";

export const statsCopy = messages.statsPage;
