export declare const serverBuildDir: string;
export declare function buildServer(): Promise<Record<'main' | 'upload-worker', string>>;
