/** An error the client caused; its message is safe to show and statusCode says which kind. */
export class ClientError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 415,
    message: string,
    /** A hint beside a message that must stay as it is (an error string clients compare). */
    readonly details?: string,
  ) {
    super(message);
    this.name = "ClientError";
  }
}

export const invalidInput = (message: string) => new ClientError(400, message);
export const notFound = (message: string) => new ClientError(404, message);
export const conflict = (message: string) => new ClientError(409, message);
