import * as z from "zod";
import { EMAIL_TOPICS, type EmailTopic } from "./notification-email";

const onOff = z.enum(["on", "off"], { error: "Choose On or Off" });

/** /profile's Notifications section: every topic is On or Off (radio buttons, so none can be left out). */
export const notificationSettingsSchema = z.object(
  Object.fromEntries(EMAIL_TOPICS.map((t) => [t.topic, onOff])) as Record<EmailTopic, typeof onOff>,
);
