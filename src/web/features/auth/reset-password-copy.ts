// Texts of the reset-password page that the product does not fix, in the catalogue (src/locales).
import { messages } from "../../../core/messages";

export const resetPasswordCopy = messages.resetPassword;
