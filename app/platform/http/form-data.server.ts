/**
 * Reads a submitted form. A body that is not a form (JSON, garbage, a wrong content type) reads as an
 * empty form, so it gets the usual field errors and a 4xx instead of a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
