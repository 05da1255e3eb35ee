// The two installers' sources: the MSI (wixl, WiX 3 syntax) for administrators and software
// deployment, per machine; the NSIS setup the updater runs silently (/S), per user, which waits
// for the running app to quit, replaces it and starts the new version.

/** Fixed for the product's life: Windows finds the installed version by it. */
const UPGRADE_CODE = '7E1C4E1B-3C2A-4F4B-9E55-2D3A0C9B8A61';
const COMPONENT_GUID = 'B5B7F0A2-6D3E-4C1F-8F2A-1E9C4D7A3B20';

export function msiSource(version: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="*" Name="Structural Platform" Language="1033" Version="${version}" Manufacturer="Structural Platform" UpgradeCode="${UPGRADE_CODE}">
    <Package InstallerVersion="500" Compressed="yes" InstallScope="perMachine" Description="Structural Platform desktop client" />
    <Media Id="1" Cabinet="app.cab" EmbedCab="yes" />
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFiles64Folder">
        <Directory Id="INSTALLDIR" Name="Structural Platform">
          <Component Id="App" Guid="${COMPONENT_GUID}" Win64="yes">
            <File Id="AppExe" Name="StructuralPlatform.exe" Source="$(var.SourceExe)" KeyPath="yes" />
          </Component>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="Main" Level="1" Title="Structural Platform">
      <ComponentRef Id="App" />
    </Feature>
  </Product>
</Wix>
`;
}

export function installerScript(version: string, exe: string, out: string): string {
  return `Unicode true
Target amd64-unicode
; zlib: a quarter of LZMA's build time for a setup a few MB larger.
SetCompressor zlib
Name "Structural Platform"
OutFile "${out}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\\Programs\\Structural Platform"
VIProductVersion "${/^\d+\.\d+\.\d+$/.test(version) ? `${version}.0` : '0.0.0.0'}"
VIAddVersionKey "ProductName" "Structural Platform"
VIAddVersionKey "FileVersion" "${version}"
VIAddVersionKey "FileDescription" "Structural Platform setup"
VIAddVersionKey "LegalCopyright" "Structural Platform"

Section "Install"
  SetOutPath "$INSTDIR"
  ; The updater starts this and then the app quits: wait for its file to be free (at most 30 s).
  StrCpy $0 0
  retry:
  ClearErrors
  SetOverwrite on
  File "${exe}"
  IfErrors 0 done
  IntOp $0 $0 + 1
  IntCmp $0 60 done
  Sleep 500
  Goto retry
  done:
  WriteUninstaller "$INSTDIR\\Uninstall.exe"
  CreateShortcut "$SMPROGRAMS\\Structural Platform.lnk" "$INSTDIR\\StructuralPlatform.exe"
  WriteRegStr HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform" "DisplayName" "Structural Platform"
  WriteRegStr HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform" "DisplayVersion" "${version}"
  WriteRegStr HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform" "Publisher" "Structural Platform"
  WriteRegStr HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform" "UninstallString" '"$INSTDIR\\Uninstall.exe"'
  WriteRegStr HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform" "QuietUninstallString" '"$INSTDIR\\Uninstall.exe" /S'
  ; After a silent update the new version starts (the user had it running).
  IfSilent 0 +2
  Exec '"$INSTDIR\\StructuralPlatform.exe"'
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\\StructuralPlatform.exe"
  Delete "$INSTDIR\\Uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\\Structural Platform.lnk"
  DeleteRegKey HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\StructuralPlatform"
SectionEnd
`;
}
