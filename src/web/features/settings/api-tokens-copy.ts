// Texts of Settings' API tokens card, which the product does not fix, in the catalogue (src/locales).
import type { ApiTokenScope } from "../../../core/contract";
import { messages } from "../../../core/messages";

export const apiTokensCopy = messages.apiTokens satisfies { scopes: Record<ApiTokenScope, string> };
