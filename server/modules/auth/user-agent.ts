/** A browser's name and major version, and its operating system, read from a User-Agent header for people to recognise. */
export interface DeviceDescription {
  browser: string;
  system: string;
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iPads and iPhones also say "Mac OS X".
const browsers: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)|CriOS\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const systems: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  const agent = userAgent ?? '';
  let browser = 'Unknown browser';
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(agent);
    if (match) {
      const version = match.slice(1).find(Boolean);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Unknown system';
  return { browser, system };
}
