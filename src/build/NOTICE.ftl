<#-- NOTICE, as the license-maven-plugin writes it from the bundled dependencies' own POMs (pom.xml,
     execution "notice"). The root NOTICE is this file's output; NoticeTest holds them equal. -->
<#function licenceList licences>
    <#assign result = ""/>
    <#list licences as licence>
        <#assign result = result + (licence?is_first?then("", " OR ")) + licence/>
    </#list>
    <#return result>
</#function>
chain
Copyright 2026 the chain authors

chain is licensed under the Apache License, Version 2.0 (see LICENSE).

lib/chain.jar bundles the following ${dependencyMap?size} third-party libraries, each under its own
licence, as its POM states it (a TeaVM library is in the jar as the explorable page's script,
chain-page.js, which TeaVM compiles from it):

<#list dependencyMap as e>
<#assign p = e.getKey()/>
  ${p.groupId}:${p.artifactId}:${p.version}  ${licenceList(e.getValue())}
      ${p.name}, ${p.url!"no address given"}
</#list>
