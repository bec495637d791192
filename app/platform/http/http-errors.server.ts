/**
 * The two refusals loaders and actions throw: the root error boundary turns each into its page
 * (the 404 screen, the 403 page), and resource routes (CSVs) send them as they are.
 */
export const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });
export const forbidden = () => new Response("Forbidden", { status: 403, statusText: "Forbidden" });
