// Detection against a fake machine holding several versions of each program.
import { describe, expect, it } from 'vitest';
import { compareVersions, detectAll, detectProgram, exePath } from '../../src/detection/detect.ts';
import { parseDefaultValue, parseRegQuery, parseRegTree } from '../../src/detection/windows-host.ts';
import { fakeHost, PF } from '../helpers/fake-host.ts';

const CSI = `${PF}\\Computers and Structures`;
const UNINSTALL = 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall';
const UNINSTALL32 = 'HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall';

const machine = fakeHost(
  [
    `${CSI}\\SAP2000 24\\SAP2000.exe`,
    `${CSI}\\SAP2000 25\\SAP2000.exe`,
    `${CSI}\\SAP2000 26\\SAP2000.exe`,
    `${CSI}\\SAP2000 26\\CSiAPIv1.dll`,
    `${CSI}\\ETABS 21\\ETABS.chm`, // executable removed: not usable
    `${CSI}\\ETABS 22\\ETABS.exe`,
    `${PF}\\PTC\\Mathcad Prime 10.0.0.0\\MathcadPrime.exe`,
    `${PF}\\PTC\\Mathcad Prime 11.0.1.0\\MathcadPrime.exe`,
    `${PF}\\Unrelated\\tool.exe`,
  ],
  {
    [`${UNINSTALL}\\{A1B2}`]: {
      DisplayName: 'SAP2000 25',
      DisplayVersion: '25.3.0',
      InstallLocation: `${CSI}\\sap2000 25\\`,
    },
    [`${UNINSTALL}\\{C3D4}`]: {
      DisplayName: 'SAP2000 23',
      DisplayVersion: '23.0.0',
      InstallLocation: `${CSI}\\SAP2000 23`,
    }, // left behind by an uninstall
    [`${UNINSTALL32}\\ETABS 22`]: {
      DisplayName: 'ETABS 22',
      DisplayVersion: '22.7.0',
      InstallLocation: `${CSI}\\ETABS 22`,
    },
    [`${UNINSTALL}\\{E5F6}`]: {
      DisplayName: 'PTC Mathcad Prime 11.0.1.0',
      DisplayVersion: '11.0.1.0',
      InstallLocation: `${PF}\\PTC\\Mathcad Prime 11.0.1.0`,
    },
    [`${UNINSTALL}\\{0000}`]: { DisplayName: 'Some other program 99', InstallLocation: `${PF}\\Unrelated` },
    'HKLM\\SOFTWARE\\Classes\\CSI.SAP2000.API.SapObject\\CLSID': { '': '{1111}' },
    'HKLM\\SOFTWARE\\Classes\\CLSID\\{1111}\\LocalServer32': { '': `"${CSI}\\SAP2000 25\\SAP2000.exe" /automation` },
    'HKLM\\SOFTWARE\\Classes\\MathcadPrime.Application\\CLSID': { '': '{2222}' },
    'HKLM\\SOFTWARE\\Classes\\CLSID\\{2222}\\LocalServer32': {
      '': `${PF}\\PTC\\Mathcad Prime 10.0.0.0\\MathcadPrime.exe -Embedding`,
    },
  },
);

describe('program detection', () => {
  it('finds every SAP2000 version, merges what folder, uninstall entry and COM say, and uses the newest', async () => {
    const d = await detectProgram(machine, 'sap2000');
    expect(d.installations.map((i) => [i.version, i.exeExists, i.comRegistered, i.sources])).toEqual([
      ['26', true, false, ['folder']],
      ['25.3.0', true, true, ['folder', 'uninstall', 'com']],
      ['24', true, false, ['folder']],
      ['23.0.0', false, false, ['uninstall']],
    ]);
    expect(d.selected?.folder).toBe(`${CSI}\\SAP2000 26`);
    expect(d.selected?.exe).toBe(`${CSI}\\SAP2000 26\\SAP2000.exe`);
    expect(d.needsPicker).toBe(true);
  });

  it("keeps the user's pick while it is installed, and falls back to the newest when it is gone", async () => {
    expect((await detectProgram(machine, 'sap2000', `${CSI}\\sap2000 24`)).selected?.version).toBe('24');
    expect((await detectProgram(machine, 'sap2000', `${CSI}\\SAP2000 23`)).selected?.version).toBe('26'); // no executable
    expect((await detectProgram(machine, 'sap2000', 'D:\\Elsewhere')).selected?.version).toBe('26');
  });

  it('does not offer a version whose executable is missing', async () => {
    const d = await detectProgram(machine, 'etabs');
    expect(d.installations.map((i) => [i.version, i.exeExists])).toEqual([
      ['22.7.0', true],
      ['21', false],
    ]);
    expect(d.selected?.version).toBe('22.7.0');
    expect(d.needsPicker).toBe(false);
  });

  it('orders Mathcad Prime versions numerically and marks the COM-registered one', async () => {
    const d = await detectProgram(machine, 'mathcad');
    expect(d.installations.map((i) => [i.version, i.comRegistered])).toEqual([
      ['11.0.1.0', false],
      ['10.0.0.0', true],
    ]);
    expect(d.selected?.version).toBe('11.0.1.0');
  });

  it('reports nothing installed on an empty machine', async () => {
    const all = await detectAll(fakeHost([], {}));
    expect(all.map((d) => [d.program, d.installations.length, d.selected])).toEqual([
      ['sap2000', 0, null],
      ['etabs', 0, null],
      ['mathcad', 0, null],
    ]);
  });

  it('compares versions numerically and reads LocalServer32 command lines', () => {
    expect(compareVersions('10.0.0.0', '9.1')).toBeGreaterThan(0);
    expect(compareVersions('24.1.0', '24')).toBeGreaterThan(0);
    expect(compareVersions('22', '22.0.0')).toBe(0);
    expect(exePath('"C:\\A B\\x.exe" /automation')).toBe('C:\\A B\\x.exe');
    expect(exePath('C:\\A B\\x.EXE -Embedding')).toBe('C:\\A B\\x.EXE');
    expect(exePath('rundll32')).toBeNull();
  });
});

describe('reg.exe output parser (the reader itself runs only on Windows)', () => {
  it('reads values and subkeys and skips the localised default-value name', () => {
    const out = [
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\ETABS 22',
      '    (Standard)    REG_SZ    ',
      '    DisplayName    REG_SZ    ETABS 22',
      '    DisplayVersion    REG_SZ    22.7.0',
      '    InstallLocation    REG_SZ    C:\\Program Files\\Computers and Structures\\ETABS 22\\',
      '    EstimatedSize    REG_DWORD    0x1a2b3c',
      '',
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\ETABS 22\\Extra',
      '',
    ].join('\r\n');
    const parsed = parseRegQuery('HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\ETABS 22', out);
    expect(parsed.values).toEqual({
      DisplayName: 'ETABS 22',
      DisplayVersion: '22.7.0',
      InstallLocation: 'C:\\Program Files\\Computers and Structures\\ETABS 22\\',
      EstimatedSize: '0x1a2b3c',
    });
    expect(parsed.subkeys).toEqual(['Extra']);
    expect(
      parseDefaultValue('\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Classes\\X\\CLSID\r\n    (Default)    REG_SZ    {1111}\r\n'),
    ).toBe('{1111}');
    expect(parseDefaultValue('\r\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Classes\\X\\CLSID\r\n')).toBeUndefined();
  });
  it("reads a whole uninstall tree from one `reg query /s`: every entry's values and each key's direct subkeys", () => {
    const base = 'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall';
    const full = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall';
    const out = [
      '',
      full,
      '',
      `${full}\\ETABS 22`,
      '    (Default)    REG_SZ    ',
      '    DisplayName    REG_SZ    ETABS 22',
      '    InstallLocation    REG_SZ    C:\\Program Files\\Computers and Structures\\ETABS 22\\',
      '',
      `${full}\\ETABS 22\\Extra`,
      '    Note    REG_SZ    nested',
      '',
      `${full}\\{1234-ABCD}`,
      '    DisplayName    REG_SZ    SAP2000 v26',
      '',
    ].join('\r\n');
    const tree = parseRegTree(base, out);
    expect(tree.get(full.toLowerCase())!.subkeys).toEqual(['ETABS 22', '{1234-ABCD}']);
    expect(tree.get(`${full}\\ETABS 22`.toLowerCase())).toEqual({
      values: { DisplayName: 'ETABS 22', InstallLocation: 'C:\\Program Files\\Computers and Structures\\ETABS 22\\' },
      subkeys: ['Extra'],
    });
    expect(tree.get(`${full}\\ETABS 22\\Extra`.toLowerCase())!.values).toEqual({ Note: 'nested' });
    expect(tree.get(`${full}\\{1234-ABCD}`.toLowerCase())!.values.DisplayName).toBe('SAP2000 v26');
    // A key that is absent: an empty tree with the key itself and nothing under it.
    expect(parseRegTree(base, '').get(full.toLowerCase())).toEqual({ values: {}, subkeys: [] });
  });
});
