// The key lives in this tab's sessionStorage only: never localStorage, a cookie or a URL.
const STORAGE_NAME = "console.apiKey";

export const storedKey = (): string | null => sessionStorage.getItem(STORAGE_NAME);
export const storeKey = (key: string): void => sessionStorage.setItem(STORAGE_NAME, key);
export const forgetKey = (): void => sessionStorage.removeItem(STORAGE_NAME);
