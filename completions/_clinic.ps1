# clinic completion for PowerShell. To load it in every session, add this line to $PROFILE:
#   clinic completions powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName 'clinic', 'clinic.exe' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $prevComplete = $env:COMPLETE
    $prevEncoding = [Console]::OutputEncoding
    $env:COMPLETE = 'powershell'
    [Console]::OutputEncoding = [System.Text.UTF8Encoding]::new($false)
    try {
        $line = $commandAst.Extent.Text
        $line = $line.Substring(0, [math]::Min($cursorPosition, $line.Length))
        if ($wordToComplete -eq '') {
            $line += " ''"
        }
        $results = Invoke-Expression "& clinic -- $line"
    }
    finally {
        [Console]::OutputEncoding = $prevEncoding
        if ($null -eq $prevComplete) {
            Remove-Item Env:\COMPLETE
        }
        else {
            $env:COMPLETE = $prevComplete
        }
    }
    $results | ForEach-Object {
        $split = $_.Split("`t")
        $value = $split[0]
        $help = if ($split.Length -ge 2) { $split[1] } else { $value }
        $text = $value
        if ($value -match '[\s''"$;,(){}@&|<>#`]') {
            $text = "'" + $value.Replace("'", "''") + "'"
        }
        [System.Management.Automation.CompletionResult]::new($text, $value, 'ParameterValue', $help)
    }
}
