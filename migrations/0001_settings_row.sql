-- The single system-settings row (SPEC: one document). The app reads and updates id 1 only.
INSERT INTO `settings` (`id`, `early_access`, `support_email`) VALUES (1, 'open', 'support@goalswithfriends.app') ON CONFLICT (`id`) DO NOTHING;
