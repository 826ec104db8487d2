@echo off
rem chain, from a release archive, on Windows: runs lib\chain.jar with the Java that JAVA_HOME
rem names, or else the first java on the PATH. It needs Java 17 or newer.
setlocal
set "CHAIN_ROOT=%~dp0.."
if defined JAVA_HOME (
  if not exist "%JAVA_HOME%\bin\java.exe" (
    echo chain: JAVA_HOME is %JAVA_HOME%, but there is no %JAVA_HOME%\bin\java.exe: chain needs Java 17 or newer. 1>&2
    exit /b 1
  )
  set "CHAIN_JAVA=%JAVA_HOME%\bin\java.exe"
) else (
  where java >nul 2>nul
  if errorlevel 1 (
    echo chain: no Java found: chain needs Java 17 or newer. Install one from https://adoptium.net and put its bin on the PATH or set JAVA_HOME to it. 1>&2
    exit /b 1
  )
  set "CHAIN_JAVA=java"
)
rem A Java older than 17 cannot read the jar, and says so: UnsupportedClassVersionError, class file version 61.
"%CHAIN_JAVA%" -XX:TieredStopAtLevel=1 -XX:+UseG1GC -jar "%CHAIN_ROOT%\lib\chain.jar" %*
exit /b %ERRORLEVEL%
