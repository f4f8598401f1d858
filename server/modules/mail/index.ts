export { escapeHtml, greetingName, type MailContent, type RenderedMail, renderMail } from "./layout.ts";
