export { escapeHtml, greetingName, type MailContent, renderMail } from "./layout.ts";
