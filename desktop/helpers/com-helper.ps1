<#
  The desktop client's COM helper: holds one program's COM object (CSI OAPI for SAP2000/ETABS,
  the Automation API for Mathcad Prime) on this process's single STA thread and answers the
  client's requests, one JSON object per line on stdin, with one JSON object per line on stdout.
  Started by the client (src/adapters/select.ts: powershell.exe -NoProfile -STA -File ...);
  the protocol is described in src/adapters/com/helper-process.ts. Nothing else may write to
  stdout: every value a statement would print is discarded.

  Requests:
    connect  {program, ...}            csi: helperProgId, objectProgId, exe, processName, units, visible, ownPid?
                                       mathcad: progId, processName, visible, ownPid?
             -> {started, reattached, pid, version}
    call     {target, args, byref}     target "Root.Path.Method", Root = SapObject | SapModel | Application | @<handle>
             -> value = the return value, out = the ByRef arguments listed in byref, after the call
    get      {target, names}           -> value = {name: property value}
    release  {handles}                 drops objects held for handles
    status   {}                        -> {attached}: the program still answers
  A COM object in an answer is kept in a handle table and answered as {"$handle": "@<n>"}.
  Arguments: a JSON integer is an Int32, another number a Double; {"$type": "double" | "int" |
  "double[]" | "int[]" | "string[]" | "bool[]", "value": ...} gives the type explicitly.

  Tested on Windows only (desktop/README.md, "Testing the COM adapters on Windows"); on Linux the
  client's side of this protocol is tested against test/helpers/fake-com-helper.ts.
#>
param(
  [Parameter(Mandatory = $true)][ValidateSet('csi', 'mathcad')][string]$Program
)

$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 2.0
$utf8 = New-Object System.Text.UTF8Encoding($false)
[Console]::OutputEncoding = $utf8
[Console]::InputEncoding = $utf8
$stdout = [Console]::Out

$script:Roots = @{}
$script:Handles = @{}
$script:NextHandle = 0
$script:Owned = $false
$script:ProgramPid = $null
$Culture = [System.Globalization.CultureInfo]::InvariantCulture

# ---- JSON out (ConvertTo-Json in Windows PowerShell 5.1 unrolls one-element arrays and is slow) ----

function Write-Answer([object]$Value) {
  $stdout.Write((ConvertTo-Line $Value))
  $stdout.Write("`n")
  $stdout.Flush()
}

function ConvertTo-Line([object]$v) {
  if ($null -eq $v -or $v -is [System.DBNull]) { return 'null' }
  if ($v -is [bool]) { if ($v) { return 'true' } else { return 'false' } }
  if ($v -is [string] -or $v -is [char]) { return Format-String ([string]$v) }
  if ($v -is [double] -or $v -is [single] -or $v -is [decimal]) {
    $d = [double]$v
    if ([double]::IsNaN($d) -or [double]::IsInfinity($d)) { return 'null' }
    return $d.ToString('R', $Culture)
  }
  if ($v -is [int] -or $v -is [long] -or $v -is [short] -or $v -is [byte] -or $v -is [uint32] -or $v -is [uint64] -or $v -is [uint16] -or $v -is [sbyte]) { return ([long]$v).ToString($Culture) }
  if ($v -is [enum]) { return ([long]$v).ToString($Culture) }
  if ($v -is [System.Collections.IDictionary]) {
    $parts = foreach ($k in $v.Keys) { (Format-String ([string]$k)) + ':' + (ConvertTo-Line $v[$k]) }
    return '{' + ($parts -join ',') + '}'
  }
  if ($v -is [System.Array] -or $v -is [System.Collections.IList]) {
    $parts = foreach ($x in $v) { ConvertTo-Line $x }
    return '[' + ($parts -join ',') + ']'
  }
  if ($v -is [System.__ComObject]) { return ConvertTo-Line @{ '$handle' = (Add-Handle $v) } }
  return Format-String ($v.ToString())
}

function Format-String([string]$s) {
  $sb = New-Object System.Text.StringBuilder
  [void]$sb.Append('"')
  foreach ($c in $s.ToCharArray()) {
    switch ($c) {
      '"' { [void]$sb.Append('\"') }
      '\' { [void]$sb.Append('\\') }
      "`n" { [void]$sb.Append('\n') }
      "`r" { [void]$sb.Append('\r') }
      "`t" { [void]$sb.Append('\t') }
      default {
        if ([int]$c -lt 32) { [void]$sb.Append(('\u{0:x4}' -f [int]$c)) } else { [void]$sb.Append($c) }
      }
    }
  }
  [void]$sb.Append('"')
  return $sb.ToString()
}

function Add-Handle([object]$o) {
  $script:NextHandle++
  $id = "@$($script:NextHandle)"
  $script:Handles[$id] = $o
  return $id
}

# ---- arguments in -------------------------------------------------------------------------

function ConvertFrom-Arg([object]$a) {
  if ($null -eq $a) { return $null }
  if ($a -is [System.Management.Automation.PSCustomObject] -and $a.PSObject.Properties['$type']) {
    $value = $a.'$type'
    $items = @($a.value)
    switch ($value) {
      'double' { return [double]$a.value }
      'int' { return [int]$a.value }
      'double[]' { return [double[]]$items }
      'int[]' { return [int[]]$items }
      'string[]' { return [string[]]$items }
      'bool[]' { return [bool[]]$items }
      default { throw "unknown argument type $value" }
    }
  }
  if ($a -is [int] -or $a -is [long]) { return [int]$a }
  if ($a -is [double] -or $a -is [decimal]) { return [double]$a }
  return $a
}

# ---- objects -----------------------------------------------------------------------------

$NamePattern = '^[A-Za-z_][A-Za-z0-9_]*$'

function Resolve-Target([string]$Path, [bool]$LastIsMember) {
  $segments = $Path.Split('.')
  $root = $segments[0]
  if ($root.StartsWith('@')) {
    if (-not $script:Handles.ContainsKey($root)) { throw (New-Refusal "unknown handle $root") }
    $obj = $script:Handles[$root]
  } elseif ($script:Roots.ContainsKey($root)) {
    $obj = $script:Roots[$root]
  } else {
    throw (New-Refusal "unknown object $root (not connected?)")
  }
  $last = if ($LastIsMember) { $segments.Length - 1 } else { $segments.Length }
  for ($k = 1; $k -lt $last; $k++) {
    if ($segments[$k] -notmatch $NamePattern) { throw (New-Refusal "bad name $($segments[$k])") }
    $obj = $obj.GetType().InvokeMember($segments[$k], [Reflection.BindingFlags]::GetProperty, $null, $obj, $null)
  }
  $member = if ($LastIsMember) { $segments[$segments.Length - 1] } else { $null }
  if ($member -and $member -notmatch $NamePattern) { throw (New-Refusal "bad name $member") }
  return @{ Object = $obj; Member = $member }
}

function New-Refusal([string]$Message) {
  $e = New-Object System.InvalidOperationException($Message)
  $e.Data['kind'] = 'refused'
  return $e
}

function Invoke-Call($req) {
  $target = [string]$req.target
  if (($target -eq 'SapObject.ApplicationExit' -or $target -eq 'Application.Quit') -and -not $script:Owned) {
    throw (New-Refusal 'this helper did not start the program: it is not closed')
  }
  $r = Resolve-Target $target $true
  $argv = [object[]]@(foreach ($a in @($req.args)) { ConvertFrom-Arg $a })
  $byref = @($req.byref | Where-Object { $null -ne $_ } | ForEach-Object { [int]$_ })
  $modifiers = $null
  if ($byref.Count -gt 0 -and $argv.Length -gt 0) {
    $pm = New-Object System.Reflection.ParameterModifier($argv.Length)
    foreach ($k in $byref) { $pm[$k] = $true }
    $modifiers = [System.Reflection.ParameterModifier[]]@($pm)
  }
  $value = $r.Object.GetType().InvokeMember($r.Member, [Reflection.BindingFlags]::InvokeMethod, $null, $r.Object, $argv, $modifiers, $null, $null)
  $out = New-Object System.Collections.ArrayList
  foreach ($k in $byref) { [void]$out.Add($argv[$k]) }
  return @{ value = $value; out = $out }
}

function Invoke-Get($req) {
  $r = Resolve-Target ([string]$req.target) $false
  $values = @{}
  foreach ($n in @($req.names)) {
    if ($n -notmatch $NamePattern) { throw (New-Refusal "bad name $n") }
    $values[$n] = $r.Object.GetType().InvokeMember($n, [Reflection.BindingFlags]::GetProperty, $null, $r.Object, $null)
  }
  return @{ value = $values }
}

function Get-NewPid([string]$Name, [int[]]$Before) {
  $after = @(Get-Process -Name $Name -ErrorAction SilentlyContinue | ForEach-Object { $_.Id })
  $new = @($after | Where-Object { $Before -notcontains $_ })
  if ($new.Count -gt 0) { return $new[0] }
  return $null
}

function Connect-Csi($req) {
  $helper = New-Object -ComObject ([string]$req.helperProgId)
  $obj = $null
  $reattached = $false
  $started = $false
  if ($req.PSObject.Properties['ownPid'] -and $req.ownPid) {
    # The instance this client started before the helper was restarted.
    try { $obj = $helper.GetObjectProcess([string]$req.objectProgId, [int]$req.ownPid); $reattached = $null -ne $obj } catch { $obj = $null }
    if ($reattached) { $script:ProgramPid = [int]$req.ownPid }
  }
  if ($null -eq $obj) {
    $before = [int[]]@(Get-Process -Name ([string]$req.processName) -ErrorAction SilentlyContinue | ForEach-Object { $_.Id })
    $obj = $helper.CreateObject([string]$req.exe)
    $ret = $obj.ApplicationStart([int]$req.units, [bool]$req.visible, '')
    if ($ret -ne 0) { throw "ApplicationStart returned $ret" }
    $script:ProgramPid = Get-NewPid ([string]$req.processName) $before
    $started = $true
  }
  $script:Owned = $started -or $reattached
  $script:Roots['SapObject'] = $obj
  $script:Roots['SapModel'] = $obj.SapModel
  $version = $null
  try { $version = [string]$helper.GetOAPIVersionNumber() } catch { $version = $null }
  return @{ value = @{ started = $started; reattached = $reattached; pid = $script:ProgramPid; version = $version } }
}

function Connect-Mathcad($req) {
  # MathcadPrime.exe is one process per session: this attaches to a running one or starts it.
  $before = [int[]]@(Get-Process -Name ([string]$req.processName) -ErrorAction SilentlyContinue | ForEach-Object { $_.Id })
  $app = New-Object -ComObject ([string]$req.progId)
  $started = $before.Count -eq 0
  $reattached = $false
  if ($started) { $script:ProgramPid = Get-NewPid ([string]$req.processName) $before }
  elseif ($req.PSObject.Properties['ownPid'] -and $req.ownPid -and ($before -contains [int]$req.ownPid)) { $script:ProgramPid = [int]$req.ownPid; $reattached = $true }
  else { $script:ProgramPid = $before[0] }
  $script:Owned = $started -or $reattached
  if ([bool]$req.visible) { $app.Visible = $true }
  $script:Roots['Application'] = $app
  return @{ value = @{ started = $started; reattached = $reattached; pid = $script:ProgramPid; version = [string]$app.GetVersion() } }
}

function Get-Status {
  try {
    if ($Program -eq 'csi') {
      if (-not $script:Roots.ContainsKey('SapModel')) { return @{ value = @{ attached = $false } } }
      [void]$script:Roots['SapModel'].GetPresentUnits()
    } else {
      if (-not $script:Roots.ContainsKey('Application')) { return @{ value = @{ attached = $false } } }
      [void]$script:Roots['Application'].GetVersion()
    }
    return @{ value = @{ attached = $true } }
  } catch {
    return @{ value = @{ attached = $false; reason = $_.Exception.Message } }
  }
}

# ---- the loop ----------------------------------------------------------------------------

Write-Answer @{ ready = $true; protocol = 1 }
while ($true) {
  $line = [Console]::In.ReadLine()
  if ($null -eq $line) { break }
  if ($line.Trim() -eq '') { continue }
  $id = $null
  try {
    $req = $line | ConvertFrom-Json
    $id = $req.id
    $answer = switch ([string]$req.op) {
      'connect' { if ($Program -eq 'csi') { Connect-Csi $req } else { Connect-Mathcad $req } }
      'call' { Invoke-Call $req }
      'get' { Invoke-Get $req }
      'release' {
        foreach ($h in @($req.handles)) {
          if ($script:Handles.ContainsKey([string]$h)) {
            try { [void][Runtime.InteropServices.Marshal]::ReleaseComObject($script:Handles[[string]$h]) } catch { }
            $script:Handles.Remove([string]$h)
          }
        }
        @{ value = $null }
      }
      'status' { Get-Status }
      default { throw (New-Refusal "unknown op $($req.op)") }
    }
    $answer['id'] = $id
    $answer['ok'] = $true
    if (-not $answer.ContainsKey('out')) { $answer['out'] = @() }
    Write-Answer $answer
  } catch {
    $ex = $_.Exception
    while ($ex -is [System.Reflection.TargetInvocationException] -and $ex.InnerException) { $ex = $ex.InnerException }
    $kind = if ($ex.Data.Contains('kind')) { [string]$ex.Data['kind'] } elseif ($ex -is [System.Runtime.InteropServices.COMException]) { 'com' } else { 'error' }
    Write-Answer @{ id = $id; ok = $false; error = @{ kind = $kind; message = $ex.Message; details = @{ hresult = $ex.HResult; type = $ex.GetType().FullName } } }
  }
}
foreach ($o in @($script:Handles.Values) + @($script:Roots.Values)) {
  try { [void][Runtime.InteropServices.Marshal]::ReleaseComObject($o) } catch { }
}
