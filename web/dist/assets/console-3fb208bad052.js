var Ge=class{constructor({EventSourceImpl:o,onEvent:t,onState:a=()=>{},checkSession:r,onSignedOut:c,backlog:l=500,path:i="/v1/audit/stream",filter:m="",timers:f}){this.EventSourceImpl=o,this.filter=m,this.onEvent=t,this.onState=a,this.checkSession=r,this.onSignedOut=c,this.backlog=l,this.path=i,this.timers=f||{set:(h,p)=>setTimeout(h,p),clear:h=>clearTimeout(h)},this.lastId=null,this.source=null,this.timer=null,this.failures=0,this.stopped=!0,this.state=null}url(){let o=this.lastId===null?`backlog=${this.backlog}`:`after=${this.lastId}`;return`${this.path}?${this.filter?`${this.filter}&`:""}${o}`}start(){this.stopped=!1,this.open()}stop(){this.stopped=!0,this.timer!==null&&this.timers.clear(this.timer),this.timer=null,this.source&&this.source.close(),this.source=null}setState(o){o!==this.state&&(this.state=o,this.onState(o))}open(){if(this.stopped)return;this.setState(this.failures===0&&this.lastId===null?"connecting":"reconnecting");let o=new this.EventSourceImpl(this.url());this.source=o,o.onopen=()=>{o===this.source&&(this.failures=0,this.setState("live"))},o.addEventListener("audit",t=>{if(o!==this.source)return;let a;try{a=JSON.parse(t.data)}catch{return}let r=Number.isSafeInteger(a&&a.id)?a.id:Number(t.lastEventId);Number.isSafeInteger(r)&&(this.lastId===null||r>this.lastId)&&(this.lastId=r),this.onEvent(a)}),o.onerror=()=>{if(o===this.source){if(o.readyState!==2){this.setState("reconnecting");return}o.close(),this.source=null,this.setState("reconnecting"),this.retry()}}}async retry(){if(this.stopped)return;this.failures+=1;let o=await this.checkSession().catch(()=>"unknown");if(this.stopped)return;if(o==="signed-out"){this.stop(),this.onSignedOut();return}let t=Math.min(5e3,500*2**Math.min(this.failures-1,8)),a=t/2+Math.random()*(t/2);this.timer=this.timers.set(()=>{this.timer=null,this.open()},a)}};var ge=class{constructor(o){this.value=o}valueOf(){return this.value}},U=class extends ge{constructor(o="???"){super(o)}toString(o){return`{${this.value}}`}},te=class extends ge{constructor(o,t={}){super(o),this.opts=t}toString(o){if(o)try{return o.memoizeIntlObject(Intl.NumberFormat,this.opts).format(this.value)}catch(t){o.reportError(t)}return this.value.toString(10)}},pe=class e extends ge{static supportsValue(o){if(typeof o=="number"||o instanceof Date)return!0;if(o instanceof ge)return e.supportsValue(o.valueOf());if("Temporal"in globalThis){let t=globalThis.Temporal;if(o instanceof t.Instant||o instanceof t.PlainDateTime||o instanceof t.PlainDate||o instanceof t.PlainMonthDay||o instanceof t.PlainTime||o instanceof t.PlainYearMonth)return!0}return!1}constructor(o,t={}){o instanceof e?(t={...o.opts,...t},o=o.value):o instanceof ge&&(o=o.valueOf()),typeof o=="object"&&"calendarId"in o&&t.calendar===void 0&&(t={...t,calendar:o.calendarId}),super(o),this.opts=t}[Symbol.toPrimitive](o){return o==="string"?this.toString():this.toNumber()}toNumber(){let o=this.value;if(typeof o=="number")return o;if(o instanceof Date)return o.getTime();if("epochMilliseconds"in o)return o.epochMilliseconds;if("toZonedDateTime"in o)return o.toZonedDateTime("UTC").epochMilliseconds;throw new TypeError("Unwrapping a non-number value as a number")}toString(o){if(o)try{return o.memoizeIntlObject(Intl.DateTimeFormat,this.opts).format(this.value)}catch(t){o.reportError(t)}return typeof this.value=="number"||this.value instanceof Date?new Date(this.value).toISOString():this.value.toString()}};var uo=100,Mt="⁨",Bt="⁩";function Gt(e,o,t){if(t===o||t instanceof te&&o instanceof te&&t.value===o.value)return!0;if(o instanceof te&&typeof t=="string"){let a=e.memoizeIntlObject(Intl.PluralRules,o.opts).select(o.value);if(t===a)return!0}return!1}function mo(e,o,t){return o[t]?Ie(e,o[t].value):(e.reportError(new RangeError("No default")),new U)}function Ln(e,o){let t=[],a=Object.create(null);for(let r of o)r.type==="narg"?a[r.name]=Fe(e,r.value):t.push(Fe(e,r));return{positional:t,named:a}}function Fe(e,o){switch(o.type){case"str":return o.value;case"num":return new te(o.value,{minimumFractionDigits:o.precision});case"var":return Ft(e,o);case"mesg":return Vt(e,o);case"term":return Ut(e,o);case"func":return Wt(e,o);case"select":return Kt(e,o);default:return new U}}function Ft(e,{name:o}){let t;if(e.params)if(Object.prototype.hasOwnProperty.call(e.params,o))t=e.params[o];else return new U(`$${o}`);else if(e.args&&Object.prototype.hasOwnProperty.call(e.args,o))t=e.args[o];else return e.reportError(new ReferenceError(`Unknown variable: $${o}`)),new U(`$${o}`);if(t instanceof ge)return t;switch(typeof t){case"string":return t;case"number":return new te(t);case"object":if(pe.supportsValue(t))return new pe(t);default:return e.reportError(new TypeError(`Variable type not supported: $${o}, ${typeof t}`)),new U(`$${o}`)}}function Vt(e,{name:o,attr:t}){let a=e.bundle._messages.get(o);if(!a)return e.reportError(new ReferenceError(`Unknown message: ${o}`)),new U(o);if(t){let r=a.attributes[t];return r?Ie(e,r):(e.reportError(new ReferenceError(`Unknown attribute: ${t}`)),new U(`${o}.${t}`))}return a.value?Ie(e,a.value):(e.reportError(new ReferenceError(`No value: ${o}`)),new U(o))}function Ut(e,{name:o,attr:t,args:a}){let r=`-${o}`,c=e.bundle._terms.get(r);if(!c)return e.reportError(new ReferenceError(`Unknown term: ${r}`)),new U(r);if(t){let i=c.attributes[t];if(i){e.params=Ln(e,a).named;let m=Ie(e,i);return e.params=null,m}return e.reportError(new ReferenceError(`Unknown attribute: ${t}`)),new U(`${r}.${t}`)}e.params=Ln(e,a).named;let l=Ie(e,c.value);return e.params=null,l}function Wt(e,{name:o,args:t}){let a=e.bundle._functions[o];if(!a)return e.reportError(new ReferenceError(`Unknown function: ${o}()`)),new U(`${o}()`);if(typeof a!="function")return e.reportError(new TypeError(`Function ${o}() is not callable`)),new U(`${o}()`);try{let r=Ln(e,t);return a(r.positional,r.named)}catch(r){return e.reportError(r),new U(`${o}()`)}}function Kt(e,{selector:o,variants:t,star:a}){let r=Fe(e,o);if(r instanceof U)return mo(e,t,a);for(let c of t){let l=Fe(e,c.key);if(Gt(e,r,l))return Ie(e,c.value)}return mo(e,t,a)}function In(e,o){if(e.dirty.has(o))return e.reportError(new RangeError("Cyclic reference")),new U;e.dirty.add(o);let t=[],a=e.bundle._useIsolating&&o.length>1;for(let r of o){if(typeof r=="string"){t.push(e.bundle._transform(r));continue}if(e.placeables++,e.placeables>uo)throw e.dirty.delete(o),new RangeError(`Too many placeables expanded: ${e.placeables}, max allowed is ${uo}`);a&&t.push(Mt),t.push(Fe(e,r).toString(e)),a&&t.push(Bt)}return e.dirty.delete(o),t.join("")}function Ie(e,o){return typeof o=="string"?e.bundle._transform(o):In(e,o)}var an=class{constructor(o,t,a){this.dirty=new WeakSet,this.params=null,this.placeables=0,this.bundle=o,this.errors=t,this.args=a}reportError(o){if(!this.errors||!(o instanceof Error))throw o;this.errors.push(o)}memoizeIntlObject(o,t){let a=this.bundle._intls.get(o);a||(a={},this.bundle._intls.set(o,a));let r=JSON.stringify(t);return a[r]||(a[r]=new o(this.bundle.locales,t)),a[r]}};function Dn(e,o){let t=Object.create(null);for(let[a,r]of Object.entries(e))o.includes(a)&&(t[a]=r.valueOf());return t}var go=["unitDisplay","currencyDisplay","useGrouping","minimumIntegerDigits","minimumFractionDigits","maximumFractionDigits","minimumSignificantDigits","maximumSignificantDigits"];function po(e,o){let t=e[0];if(t instanceof U)return new U(`NUMBER(${t.valueOf()})`);if(t instanceof te)return new te(t.valueOf(),{...t.opts,...Dn(o,go)});if(t instanceof pe)return new te(t.toNumber(),{...Dn(o,go)});throw new TypeError("Invalid argument to NUMBER")}var Ht=["dateStyle","timeStyle","fractionalSecondDigits","dayPeriod","hour12","weekday","era","year","month","day","hour","minute","second","timeZoneName"];function ho(e,o){let t=e[0];if(t instanceof U)return new U(`DATETIME(${t.valueOf()})`);if(t instanceof pe||t instanceof te)return new pe(t,Dn(o,Ht));throw new TypeError("Invalid argument to DATETIME")}var fo=new Map;function bo(e){let o=Array.isArray(e)?e.join(" "):e,t=fo.get(o);return t===void 0&&(t=new Map,fo.set(o,t)),t}var Ve=class{constructor(o,{functions:t,useIsolating:a=!0,transform:r=c=>c}={}){this._terms=new Map,this._messages=new Map,this.locales=Array.isArray(o)?o:[o],this._functions={NUMBER:po,DATETIME:ho,...t},this._useIsolating=a,this._transform=r,this._intls=bo(o)}hasMessage(o){return this._messages.has(o)}getMessage(o){return this._messages.get(o)}addResource(o,{allowOverrides:t=!1}={}){let a=[];for(let r=0;r<o.body.length;r++){let c=o.body[r];if(c.id.startsWith("-")){if(t===!1&&this._terms.has(c.id)){a.push(new Error(`Attempt to override an existing term: "${c.id}"`));continue}this._terms.set(c.id,c)}else{if(t===!1&&this._messages.has(c.id)){a.push(new Error(`Attempt to override an existing message: "${c.id}"`));continue}this._messages.set(c.id,c)}}return a}formatPattern(o,t=null,a=null){if(typeof o=="string")return this._transform(o);let r=new an(this,a,t);try{return In(r,o).toString(r)}catch(c){if(r.errors&&c instanceof Error)return r.errors.push(c),new U().toString(r);throw c}}};var Pn=/^(-?[a-zA-Z][\w-]*) *= */gm,vo=/\.([a-zA-Z][\w-]*) *= */y,Zt=/\*?\[/y,qn=/(-?[0-9]+(?:\.([0-9]+))?)/y,Qt=/([a-zA-Z][\w-]*)/y,wo=/([$-])?([a-zA-Z][\w-]*)(?:\.([a-zA-Z][\w-]*))?/y,Jt=/^[A-Z][A-Z0-9_-]*$/,rn=/([^{}\n\r]+)/y,Yt=/([^\\"\n\r]*)/y,ko=/\\([\\"])/y,yo=/\\u([a-fA-F0-9]{4})|\\U([a-fA-F0-9]{6})/y,Xt=/^\n+/,$o=/ +$/,es=/ *\r?\n/g,ns=/( *)$/,os=/{\s*/y,xo=/\s*}/y,ts=/\[\s*/y,ss=/\s*] */y,as=/\s*\(\s*/y,rs=/\s*->\s*/y,is=/\s*:\s*/y,ls=/\s*,?\s*/y,cs=/\s+/y,Ue=class{constructor(o){this.body=[],Pn.lastIndex=0;let t=0;for(;;){let d=Pn.exec(o);if(d===null)break;t=Pn.lastIndex;try{this.body.push(m(d[1]))}catch(u){if(u instanceof SyntaxError)continue;throw u}}function a(d){return d.lastIndex=t,d.test(o)}function r(d,u){if(o[t]===d)return t++,!0;if(u)throw new u(`Expected ${d}`);return!1}function c(d,u){if(a(d))return t=d.lastIndex,!0;if(u)throw new u(`Expected ${d.toString()}`);return!1}function l(d){d.lastIndex=t;let u=d.exec(o);if(u===null)throw new SyntaxError(`Expected ${d.toString()}`);return t=d.lastIndex,u}function i(d){return l(d)[1]}function m(d){let u=h(),v=f();if(u===null&&Object.keys(v).length===0)throw new SyntaxError("Expected message value or attributes");return{id:d,value:u,attributes:v}}function f(){let d=Object.create(null);for(;a(vo);){let u=i(vo),v=h();if(v===null)throw new SyntaxError("Expected attribute value");d[u]=v}return d}function h(){let d;if(a(rn)&&(d=i(rn)),o[t]==="{"||o[t]==="}")return p(d?[d]:[],1/0);let u=S();return u?d?p([d,u],u.length):(u.value=g(u.value,Xt),p([u],u.length)):d?g(d,$o):null}function p(d=[],u){for(;;){if(a(rn)){d.push(i(rn));continue}if(o[t]==="{"){d.push(b());continue}if(o[t]==="}")throw new SyntaxError("Unbalanced closing brace");let L=S();if(L){d.push(L),u=Math.min(u,L.length);continue}break}let v=d.length-1,y=d[v];typeof y=="string"&&(d[v]=g(y,$o));let N=[];for(let L of d)L instanceof ln&&(L=L.value.slice(0,L.value.length-u)),L&&N.push(L);return N}function b(){c(os,SyntaxError);let d=k();if(c(xo))return d;if(c(rs)){let u=_();return c(xo,SyntaxError),{type:"select",selector:d,...u}}throw new SyntaxError("Unclosed placeable")}function k(){if(o[t]==="{")return b();if(a(wo)){let[,d,u,v=null]=l(wo);if(d==="$")return{type:"var",name:u};if(c(as)){let y=O();if(d==="-")return{type:"term",name:u,attr:v,args:y};if(Jt.test(u))return{type:"func",name:u,args:y};throw new SyntaxError("Function names must be all upper-case")}return d==="-"?{type:"term",name:u,attr:v,args:[]}:{type:"mesg",name:u,attr:v}}return z()}function O(){let d=[];for(;;){switch(o[t]){case")":return t++,d;case void 0:throw new SyntaxError("Unclosed argument list")}d.push(A()),c(ls)}}function A(){let d=k();return d.type!=="mesg"?d:c(is)?{type:"narg",name:d.name,value:z()}:d}function _(){let d=[],u=0,v;for(;a(Zt);){r("*")&&(v=u);let y=x(),N=h();if(N===null)throw new SyntaxError("Expected variant value");d[u++]={key:y,value:N}}if(u===0)return null;if(v===void 0)throw new SyntaxError("Expected default variant");return{variants:d,star:v}}function x(){c(ts,SyntaxError);let d;return a(qn)?d=I():d={type:"str",value:i(Qt)},c(ss,SyntaxError),d}function z(){if(a(qn))return I();if(o[t]==='"')return j();throw new SyntaxError("Invalid expression")}function I(){let[,d,u=""]=l(qn),v=u.length;return{type:"num",value:parseFloat(d),precision:v}}function j(){r('"',SyntaxError);let d="";for(;;){if(d+=i(Yt),o[t]==="\\"){d+=T();continue}if(r('"'))return{type:"str",value:d};throw new SyntaxError("Unclosed string literal")}}function T(){if(a(ko))return i(ko);if(a(yo)){let[,d,u]=l(yo),v=parseInt(d||u,16);return v<=55295||57344<=v?String.fromCodePoint(v):"�"}throw new SyntaxError("Unknown escape sequence")}function S(){let d=t;switch(c(cs),o[t]){case".":case"[":case"*":case"}":case void 0:return!1;case"{":return w(o.slice(d,t))}return o[t-1]===" "?w(o.slice(d,t)):!1}function g(d,u){return d.replace(u,"")}function w(d){let u=d.replace(es,`
`),v=ns.exec(d)[1].length;return new ln(u,v)}}},ln=class{constructor(o,t){this.value=o,this.length=t}};var ds="([a-z]{2,3}|\\*)",us="(?:-([a-z]{4}|\\*))",ms="(?:-([a-z]{2}|\\*))",gs="(?:-(([0-9][a-z0-9]{3}|[a-z0-9]{5,8})|\\*))",ps=new RegExp(`^${ds}${us}?${ms}?${gs}?$`,"i"),$e=class{constructor(o){let t=ps.exec(o.replace(/_/g,"-"));if(!t){this.isWellFormed=!1;return}let[,a,r,c,l]=t;a&&(this.language=a.toLowerCase()),r&&(this.script=r[0].toUpperCase()+r.slice(1)),c&&(this.region=c.toUpperCase()),this.variant=l,this.isWellFormed=!0}isEqual(o){return this.language===o.language&&this.script===o.script&&this.region===o.region&&this.variant===o.variant}matches(o,t=!1,a=!1){return(this.language===o.language||t&&this.language===void 0||a&&o.language===void 0)&&(this.script===o.script||t&&this.script===void 0||a&&o.script===void 0)&&(this.region===o.region||t&&this.region===void 0||a&&o.region===void 0)&&(this.variant===o.variant||t&&this.variant===void 0||a&&o.variant===void 0)}toString(){return[this.language,this.script,this.region,this.variant].filter(o=>o!==void 0).join("-")}clearVariants(){this.variant=void 0}clearRegion(){this.region=void 0}addLikelySubtags(){let o=fs(this.toString().toLowerCase());return o?(this.language=o.language,this.script=o.script,this.region=o.region,this.variant=o.variant,!0):!1}},So={ar:"ar-arab-eg","az-arab":"az-arab-ir","az-ir":"az-arab-ir",be:"be-cyrl-by",da:"da-latn-dk",el:"el-grek-gr",en:"en-latn-us",fa:"fa-arab-ir",ja:"ja-jpan-jp",ko:"ko-kore-kr",pt:"pt-latn-br",sr:"sr-cyrl-rs","sr-ru":"sr-latn-ru",sv:"sv-latn-se",ta:"ta-taml-in",uk:"uk-cyrl-ua",zh:"zh-hans-cn","zh-hant":"zh-hant-tw","zh-hk":"zh-hant-hk","zh-mo":"zh-hant-mo","zh-tw":"zh-hant-tw","zh-gb":"zh-hant-gb","zh-us":"zh-hant-us"},hs=["az","bg","cs","de","es","fi","fr","hu","it","lt","lv","nl","pl","ro","ru"];function fs(e){if(Object.prototype.hasOwnProperty.call(So,e))return new $e(So[e]);let o=new $e(e);return o.language&&hs.includes(o.language)?(o.region=o.language.toUpperCase(),o):null}function On(e,o,t){let a=new Set,r=new Map;for(let c of o)new $e(c).isWellFormed&&r.set(c,new $e(c));e:for(let c of e){let l=c.toLowerCase(),i=new $e(l);if(i.language!==void 0){for(let m of r.keys())if(l===m.toLowerCase()){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}for(let[m,f]of r.entries())if(f.matches(i,!0,!1)){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}if(i.addLikelySubtags()){for(let[m,f]of r.entries())if(f.matches(i,!0,!1)){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}}i.clearVariants();for(let[m,f]of r.entries())if(f.matches(i,!0,!0)){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}if(i.clearRegion(),i.addLikelySubtags()){for(let[m,f]of r.entries())if(f.matches(i,!0,!1)){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}}i.clearRegion();for(let[m,f]of r.entries())if(f.matches(i,!0,!0)){if(a.add(m),r.delete(m),t==="lookup")return Array.from(a);if(t==="filtering")continue;continue e}}}return Array.from(a)}function jn(e,o,{strategy:t="filtering",defaultLocale:a}={}){let r=On(Array.from(e??[]).map(String),Array.from(o??[]).map(String),t);if(t==="lookup"){if(a===void 0)throw new Error("defaultLocale cannot be undefined for strategy `lookup`");r.length===0&&r.push(a)}else a&&!r.includes(a)&&r.push(a);return r}var We="en",Te=new Map,xe=null,ze=null,cn;function Eo(e,o,t){let a=new Ve(e,{useIsolating:t}),r=a.addResource(new Ue(o));if(r.length)throw new Error(`locales/${e}.ftl: ${r[0].message}`);return a}function _o(e){Te.clear();for(let[o,t]of Object.entries(e)){let a=Eo(o,t,!1),r=l=>{let i=a.getMessage(l);return i&&i.value?a.formatPattern(i.value):null},c=r("language-direction")==="rtl"?"rtl":"ltr";Te.set(o,{bundle:c==="rtl"?Eo(o,t,!0):a,name:r("language-name")||o,dir:c})}if(ze=Te.get(We)||null,!ze)throw new Error("no English catalogue");xe||(xe=ze)}function To(){return[...Te.entries()].map(([e,o])=>({tag:e,name:o.name,dir:o.dir})).sort((e,o)=>e.tag===We?-1:o.tag===We?1:e.tag.localeCompare(o.tag))}function bs(e){if(typeof e!="string"||!e)return null;let[o]=jn([e],[...Te.keys()],{strategy:"lookup",defaultLocale:"_none"});return o&&o!=="_none"?o:null}function zo({picked:e,named:o=[],browser:t=[],orgDefault:a}={}){for(let r of[e,...o,...t,a]){let c=bs(r);if(c)return c}return We}function No(e){return xe=Te.get(e)||ze,typeof document<"u"&&(document.documentElement.lang=le(),document.documentElement.dir=xe.dir),le()}function le(){for(let[e,o]of Te)if(o===xe)return e;return We}function Co(e){cn=Mn(e)?e:void 0}function dn(){return cn}function Mn(e){if(typeof e!="string"||!e)return!1;try{return new Intl.DateTimeFormat("en",{timeZone:e}),!0}catch{return!1}}function vs(){return new Intl.DateTimeFormat().resolvedOptions().timeZone}function Ro(e=cn){return Mn(e)&&e!==vs()}function s(e,o){for(let t of[xe,ze]){if(!t)continue;let a=t.bundle.getMessage(e);if(a&&a.value)return t.bundle.formatPattern(a.value,o)}return e}function un(e){return!!(xe&&xe.bundle.hasMessage(e)||ze&&ze.bundle.hasMessage(e))}function Lo(e){let o=`error-${String(e||"unknown").replace(/_/g,"-")}`;return un(o)?s(o):s("error-other",{code:String(e||"unknown")})}var Ao=new Map;function mn(e,o,t){let a=`${le()}|${t||""}|${e}|${JSON.stringify(o)}`,r=Ao.get(a);if(!r){let c={...o};e==="date"&&t&&(c.timeZone=t),r=e==="date"?new Intl.DateTimeFormat(le(),c):e==="number"?new Intl.NumberFormat(le(),c):e==="relative"?new Intl.RelativeTimeFormat(le(),c):new Intl.ListFormat(le(),c),Ao.set(a,r)}return r}function ce(e,o={dateStyle:"medium",timeStyle:"short"},t=cn){let a=e instanceof Date?e:new Date(e);return Number.isNaN(a.getTime())?"":mn("date",o,Mn(t)?t:void 0).format(a)}function Q(e,o={}){return mn("number",o).format(e)}function Ke(e,o,t={numeric:"auto"}){return mn("relative",t).format(e,o)}function gn(e,o={style:"long",type:"conjunction"}){return mn("list",o).format(e)}var Io=Object.freeze({malformed_code:()=>s("reason-malformed-code"),unknown_pass:()=>s("reason-unknown-pass"),not_claimed:()=>s("reason-not-claimed"),bad_code:()=>s("reason-bad-code"),stale_code:()=>s("reason-stale-code"),future_code:()=>s("reason-future-code"),revoked:()=>s("reason-revoked"),expired:()=>s("reason-expired"),not_yet_valid:()=>s("reason-not-yet-valid"),wrong_site:()=>s("reason-wrong-site"),code_replayed:()=>s("reason-code-replayed"),challenge_expired:()=>s("reason-challenge-expired"),bad_response:()=>s("reason-bad-response"),challenge_burned:()=>s("reason-challenge-burned"),foreign_nonce:()=>s("reason-foreign-nonce"),unknown_nonce:()=>s("reason-unknown-nonce"),not_inside:()=>s("reason-not-inside"),zone_not_allowed:()=>s("reason-zone-not-allowed"),already_inside:()=>s("reason-already-inside"),reentry_not_allowed:()=>s("reason-reentry-not-allowed"),entry_limit:()=>s("reason-entry-limit"),see_staff:()=>s("reason-see-staff"),no_roll_call:()=>s("reason-no-roll-call"),not_on_roll_call:()=>s("reason-not-on-roll-call"),site_delegated:()=>s("reason-site-delegated")});function Ne(e){return Object.hasOwn(Io,e)?Io[e]():s("reason-other")}function ws(e){let o=dn(),t=new Intl.DateTimeFormat("en-US",{timeZone:o,year:"numeric",month:"2-digit",day:"2-digit"}).formatToParts(new Date(e)),a=r=>(t.find(c=>c.type===r)||{}).value;return`${a("year")}-${a("month")}-${a("day")}`}function pn(e,o){let t=Math.floor((e-o)/1e3);return Number.isFinite(t)?t<5?s("gate-ago-now"):t<60?s("gate-ago-seconds",{seconds:t}):t<3600?s("gate-ago-minutes",{minutes:Math.floor(t/60)}):t<86400?s("gate-ago-hours",{hours:Math.floor(t/3600),minutes:Math.floor(t%3600/60)}):s("gate-ago-date",{date:ws(o)}):s("gate-ago-earlier")}var ks=Object.freeze(["foreign_nonce","code_replayed","challenge_burned"]),ys=Object.freeze(["claim_conflict","auth_failure","watchlist_hit"]),Oo=Object.freeze(["scan","challenge_issued","response","challenge_unanswered","rate_limited","gate_connection_refused","claim","claim_rejected","claim_conflict","pass_issued","pass_revoked","api_key_created","api_key_revoked","api_key_rotated","gate_created","auth_failure","gate_pairing_created","gate_paired","gate_revoked","gate_connected","gate_disconnected","console_signed_in","console_signed_out","retention","host_created","walk_in_requested","walk_in_approved","walk_in_denied","walk_in_expired","pass_rebound","transfer_started","pass_transferred","transfer_rejected","webhook_created","webhook_disabled","webhook_enabled","webhook_secret_rotated","webhook_deleted","zone_created","zone_checkout","sso_configured","sso_removed","sso_sign_in_failed","sso_sessions_ended","sso_domain_changed","session_ended","message_queued","message_sent","message_bounced","message_dead","message_expired","mail_settings_changed","alarm_acknowledged","alarm_assigned","alarm_resolved","watchlist_hit","watchlist_entry_added","watchlist_entry_changed","watchlist_entry_removed","personal_data_exported","personal_data_erased","privacy_settings_changed","locale_settings_changed","roll_call_started","roll_call_marked","roll_call_ended","muster_scanned","muster_refused","site_node_created","site_lease_granted","site_lease_ended","site_lease_extended","site_conflict","site_node_revoked","site_node_token_rotated","site_node_resumed","site_node_fault"]),De=Object.freeze(["info","warning","high"]),bn=e=>String(e).replace(/_/g,"-");function Do(e){let o=`audit-kind-${bn(e)}`;return typeof e=="string"&&/^[a-z_]+$/.test(e)&&un(o)?s(o):String(e||"").replace(/_/g," ")}function vn(e){return De.includes(e)?s(`audit-severity-${e}`):String(e||"")}var $s=Object.freeze(["kind","severity","gate_id","pass_id","since","until"]),ie=e=>e!==null&&typeof e=="object";function He(e){return ie(e)?e.kind==="watchlist_hit"?e.severity==="high"?e.kind:null:ys.includes(e.kind)?e.kind:(e.kind==="scan"||e.kind==="response")&&ie(e.details)&&ks.includes(e.details.reason)?e.details.reason:null:null}function fe(e,o={}){let t=new URLSearchParams;for(let a of $s){let r=e&&e[a];typeof r=="string"&&r.trim()!==""&&t.set(a,r.trim())}for(let[a,r]of Object.entries(o))r!=null&&r!==""&&t.set(a,String(r));return t.toString()}function Fn(e,o){if(o!=="csv"&&o!=="jsonl")throw new Error(`unknown export format ${o}`);let t=fe(e);return`/v1/audit/export?format=${o}${t?`&${t}`:""}`}function Pe(e){if(typeof e!="string"||e.trim()==="")return"";let o=Date.parse(e.trim());return Number.isFinite(o)?new Date(o).toISOString():""}function Ze(e){let o=Date.parse(e);if(!Number.isFinite(o))return"";let t=new Date(o),a=r=>String(r).padStart(2,"0");return`${t.getFullYear()}-${a(t.getMonth()+1)}-${a(t.getDate())}T${a(t.getHours())}:${a(t.getMinutes())}:${a(t.getSeconds())}`}var xs=/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,Ce=e=>typeof e=="string"&&xs.test(e.trim());function jo(e){for(let o of["gate_id","pass_id"]){let t=e[o];if(t&&!Ce(t))return s(o==="gate_id"?"audit-filter-gate-id":"audit-filter-pass-id")}return e.severity&&!De.includes(e.severity)?s("audit-filter-severity"):e.since&&e.until&&Date.parse(e.since)>=Date.parse(e.until)?s("audit-filter-since-until"):null}var Vn=e=>typeof e=="string"?`${e.slice(0,8)}…`:"";function Mo(e,o,t){if(!e)return null;if(t)return t;let a=o&&o.get(e);return a&&a.label?a.label:s("audit-gate-short",{id:Vn(e)})}function wn(e,o){return e?o&&o.get(String(e))||Vn(String(e)):null}function Bo(e,o,t){return e?t||o&&o.get(e)||s("audit-pass-short",{id:Vn(e)}):null}function Ss(e,o){let t=ie(e&&e.details)?e.details:{};for(let r of[e&&e.actor,t.by_person,t.person])if(ie(r)&&typeof r.name=="string"&&r.name)return r.name;let a=typeof t.by_key_id=="string"?t.by_key_id:null;return a&&o&&o.get(a)||null}function kn(e,o,t){let a=As(e,t),r=Ss(e,o),c=r?s("audit-by",{what:a,who:r}):a,l=de(e);return l?s("audit-from-node",{what:c,node:wn(l,t)}):c}function de(e){return ie(e)&&typeof e.origin_node_id=="string"&&e.origin_node_id?e.origin_node_id:null}var Es=Object.freeze(["foreign_kind","malformed_details","severity_too_high","foreign_gate","foreign_pass","outside_lease","foreign_lease"]);function yn(e){let o=ie(e)&&ie(e.reasons)?e.reasons:{},t=Object.entries(o).filter(([,a])=>Number.isFinite(Number(a))&&Number(a)>0).sort((a,r)=>Number(r[1])-Number(a[1])||(a[0]<r[0]?-1:1)).map(([a,r])=>s("audit-node-fault-reason",{count:Number(r),reason:String(a),words:Es.includes(a)?s(`audit-node-fault-${bn(a)}`):String(a).replace(/_/g," ")}));return gn(t)}var re=e=>String(e),Bn=(e,o)=>o?s("audit-resent",{what:e}):e,Po=(e,o)=>ie(o)?s("audit-on-site",{what:e}):e;function As(e,o){let t=ie(e.details)?e.details:{},a=()=>wn(t.node_id,o)||s("audit-node-unknown"),r=t.to?re(t.to):null,c=t.error?re(t.error):null;switch(e.kind){case"sso_sign_in_failed":return t.detail?s("audit-sso-refused-detail",{reason:re(t.reason||"unknown"),detail:re(t.detail)}):s("audit-sso-refused",{reason:re(t.reason||"unknown")});case"message_queued":return t.resend?r?s("audit-mail-resent-to",{to:r}):s("audit-mail-resent"):r?s("audit-mail-queued-to",{to:r}):s("audit-mail-queued");case"message_sent":return r?s("audit-mail-sent-to",{to:r}):s("audit-mail-sent");case"message_bounced":return r?c?s("audit-mail-bounced-to-error",{to:r,error:c}):s("audit-mail-bounced-to",{to:r}):c?s("audit-mail-bounced-error",{error:c}):s("audit-mail-bounced");case"message_dead":return r?c?s("audit-mail-dead-to-error",{to:r,error:c}):s("audit-mail-dead-to",{to:r}):c?s("audit-mail-dead-error",{error:c}):s("audit-mail-dead");case"message_expired":return r?s("audit-mail-expired-to",{to:r}):s("audit-mail-expired");case"sso_sessions_ended":return s("audit-sso-sessions-ended",{cause:t.cause==="access_ended"?"access_ended":"other"});case"scan":return t.reason?s("audit-scan-denied",{reason:re(t.reason),words:Ne(t.reason)}):t.resent?s("audit-scan-resent"):c?s("audit-scan-refused",{error:c}):Do("scan");case"response":return t.reason?Po(Bn(s("audit-answer-denied",{reason:re(t.reason),words:Ne(t.reason)}),t.replayed),t.on_site):t.outcome?Po(Bn(_s(t.outcome),t.replayed),t.on_site):c?s("audit-answer-refused",{error:c}):s("audit-answer");case"challenge_unanswered":return s("audit-challenge-unanswered");case"claim_conflict":return s("audit-claim-conflict");case"auth_failure":{let l=["auth_failure"];return t.count&&l.push(s("audit-auth-failure-count",{count:t.count})),t.surface&&l.push(s("audit-auth-failure-surface",{surface:re(t.surface)})),t.sample_reason&&l.push(s("audit-detail",{detail:re(t.sample_reason)})),l.join(" ")}case"claim_rejected":{let l=t.sample_reason||t.reason;return l?s("audit-claim-refused-why",{reason:re(l)}):s("audit-claim-refused")}case"rate_limited":return t.frames?s("audit-rate-limited-frames",{frames:t.frames}):s("audit-rate-limited");case"walk_in_requested":return Bn(s("audit-walk-in-requested"),t.resent);case"walk_in_approved":return s("audit-walk-in-approved");case"walk_in_denied":return s("audit-walk-in-denied");case"walk_in_expired":return s("audit-walk-in-expired");case"pass_rebound":return s("audit-pass-rebound");case"pass_transferred":return s("audit-pass-transferred");case"site_node_revoked":return s("audit-node-revoked",{node:a()});case"site_node_token_rotated":return s("audit-node-token-rotated",{node:a()});case"site_node_resumed":return s("audit-node-resumed",{node:a()});case"site_node_fault":{let l=Number(t.refused),i=yn(t);return s(i?"audit-node-fault-why":"audit-node-fault",{node:a(),count:Number.isFinite(l)?l:0,reasons:i})}default:return Do(e.kind)}}function _s(e){let o=`audit-outcome-${bn(e)}`;return/^[a-z_]+$/.test(String(e))&&un(o)?s(o):String(e).replace(/_/g," ")}var qo={year:"numeric",month:"2-digit",day:"2-digit"},Ts={hour:"2-digit",minute:"2-digit",second:"2-digit",hourCycle:"h23"};function q(e,o=Date.now()){let t=Date.parse(e);if(!Number.isFinite(t))return"—";let a=ce(t,Ts);return ce(t,qo)===ce(o,qo)?a:s("audit-clock-date",{year:ce(t,{year:"numeric"}),month:ce(t,{month:"2-digit"}),day:ce(t,{day:"2-digit"}),time:a})}var fn=class{constructor(o=5e3,t=()=>!1){this.cap=o,this.pinned=t,this.pinnedCount=0,this.byId=new Map,this.lastId=null}add(o){if(!ie(o)||!Number.isSafeInteger(o.id))return!1;if(this.byId.has(o.id)){let t=this.byId.get(o.id);return!t.gate_label&&o.gate_label&&(t.gate_label=o.gate_label),!t.pass_label&&o.pass_label&&(t.pass_label=o.pass_label),!1}if(this.byId.set(o.id,o),this.pinned(o)&&this.pinnedCount++,(this.lastId===null||o.id>this.lastId)&&(this.lastId=o.id),this.byId.size-this.pinnedCount>this.cap){for(let[t,a]of this.byId)if(!this.pinned(a)){this.byId.delete(t);break}}return!0}newest(o=()=>!0){return[...this.byId.values()].filter(o).sort((t,a)=>a.id-t.id)}};function Go(e,o){if(!e||!o||o.gate_id!==e.id)return e;if(o.kind==="gate_connected")return{...e,online:!0,sockets:(e.sockets||0)+1,last_seen:o.at};if(o.kind==="gate_disconnected"){let t=Math.max(0,(e.sockets||1)-1);return{...e,online:t>0,sockets:t,last_seen:o.at}}return e}function Fo(e,o){return Object.freeze(e.map(t=>{let a=[t];return Object.defineProperty(a,1,{enumerable:!0,get:()=>s(`${o}${bn(t)}`)}),Object.freeze(a)}))}var Qe=Fo(["active","open","acknowledged","resolved","all"],"audit-alarms-filter-"),Un=Fo(["confirmed","false_alarm","duplicate","no_action"],"audit-alarm-outcome-");var Gn={open:0,acknowledged:1,resolved:2};function he(e){return e&&Object.hasOwn(Gn,e.state)?e.state:"open"}function Wn(e){let o=he(e);if(o==="acknowledged")return e.acknowledged_by?s("audit-alarm-acknowledged-by",{who:re(e.acknowledged_by)}):s("audit-alarm-acknowledged-by-someone");if(o==="resolved"){let t=Un.some(([a])=>a===e.outcome)?e.outcome:"none";return e.resolved_by?s("audit-alarm-resolved-by",{outcome:t,who:re(e.resolved_by)}):s("audit-alarm-resolved-by-someone",{outcome:t})}return s("audit-alarm-state-open")}function Vo(e,o){return o==="all"?!0:o==="active"||!Qe.some(([t])=>t===o)?e!=="resolved":e===o}function Uo(e,o){return[...e].sort((t,a)=>Gn[he(o(t.id))]-Gn[he(o(a.id))]||a.id-t.id)}var Je=Object.freeze(["holding","starting","overdue","reclaimed","idle","revoked"]);function Kn(e){return Je.includes(e)?s(`console-node-state-${e}`):String(e||"")}function Hn(e){return Je.includes(e)?s(`console-node-state-${e}-help`):""}function zs(e,o=Date.now()){let t=Date.parse(e);if(!Number.isFinite(t))return"";let a=Math.round((t-o)/1e3),r=Math.abs(a);return r<60?Ke(a,"second"):r<3600?Ke(Math.trunc(a/60),"minute"):r<86400?Ke(Math.trunc(a/3600),"hour"):Ke(Math.trunc(a/86400),"day")}var hn=(e,o)=>s("console-node-when",{time:q(e,o),relative:zs(e,o)});function Wo(e,o=Date.now()){let t=ie(e)?e:{},a=t.state==="revoked"||!!t.revoked_at,r=ie(t.lease)&&!a?t.lease:null,c=typeof t.up_lag_s=="number"&&Number.isFinite(t.up_lag_s)?t.up_lag_s:null,l=!a&&(t.state==="reclaimed"||!!t.lease_blocked_at),i=s("console-node-no-lease");return r&&r.expires_at?i=hn(r.expires_at,o):a?i=t.revoked_at?s("console-node-revoked-at",{when:hn(t.revoked_at,o)}):s("console-node-revoked-no-lease"):l&&(i=t.lease_blocked_at?s("console-node-blocked-at",{when:hn(t.lease_blocked_at,o)}):s("console-node-blocked")),{id:String(t.node_id||""),label:String(t.label||""),site:String(t.site||""),state:String(t.state||""),stateText:Kn(t.state),stateHelp:Hn(t.state),revoked:a,blocked:l,leaseId:r?String(r.lease_id||""):null,leaseEnds:i,lastSeen:t.last_seen_at?hn(t.last_seen_at,o):s("console-node-never"),lag:c===null?"—":s("console-node-lag",{seconds:Q(c,{maximumFractionDigits:1})}),shipped:t.shipped_through?q(t.shipped_through,o):s("console-node-nothing-shipped")}}function Ko(e){let o=Array.isArray(e)?e:[],t=a=>o.filter(r=>r&&r.state===a).length;return s("console-nodes-count",{count:o.length,holding:t("holding"),overdue:t("overdue")})}function n(e,o={},...t){let a=document.createElement(e);for(let[r,c]of Object.entries(o))c==null||c===!1||(r==="class"?a.className=c:r==="text"?a.textContent=c:r.startsWith("on")?a.addEventListener(r.slice(2),c):c===!0?a.setAttribute(r,""):a.setAttribute(r,String(c)));for(let r of t.flat())r==null||r===!1||a.append(r instanceof Node?r:document.createTextNode(String(r)));return a}function $n(e,...o){e.replaceChildren(...o);let t=e.querySelector("h1");t&&(t.setAttribute("tabindex","-1"),t.focus({preventScroll:!0}))}async function Ns(e,{method:o,body:t,headers:a={},credentials:r,timeoutMs:c,onUnauthorized:l}){let i={accept:"application/json"};t!==void 0&&(i["content-type"]="application/json"),Object.assign(i,a);let m;try{m=await fetch(e,{method:o,headers:i,body:t!==void 0?JSON.stringify(t):void 0,credentials:r,cache:"no-store",referrerPolicy:"no-referrer",redirect:"error",signal:AbortSignal.timeout(c)})}catch{return{network:!0}}let f=null;if(m.status!==204)try{f=await m.json()}catch{f=null}let h=f&&f.error&&typeof f.error=="object"?f.error:{},p=k=>typeof k=="string"&&k||null,b={status:m.status,ok:m.ok,body:f,code:p(h.code),field:p(h.field)};return m.status===401&&l&&l(),b}function Ho({getSession:e,signedOut:o,timeoutMs:t}){return(a,r,c)=>{let l=e(),i={};return a!=="GET"&&l&&(i["x-csrf-token"]=l.csrf_token),Ns(r,{method:a,body:c,headers:i,credentials:"same-origin",timeoutMs:t,onUnauthorized:()=>{e()&&!r.startsWith("/v1/console/session")&&o()}})}}function Zo(e){let o=n("input",{id:"sso-email",type:"email",autocomplete:"email",autocapitalize:"none",spellcheck:"false",required:!0,"aria-describedby":"sso-email-help"}),t=n("div",{class:"error-slot"}),a=n("form",{class:"sso-form",novalidate:!0},n("div",{class:"field"},n("label",{for:"sso-email",text:s("common-sso-email")}),o,n("p",{id:"sso-email-help",class:"muted",text:s("common-sso-email-help")})),t,n("p",{class:"actions"},n("button",{type:"submit",class:"primary",id:"sso-continue",text:s("common-sso-continue")})));return a.addEventListener("submit",r=>{r.preventDefault();let c=o.value.trim();if(!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c)){t.replaceChildren(n("p",{class:"alert shown",role:"alert",text:s("common-sso-email-invalid")})),o.focus();return}window.location.assign(`/v1/sso/start?page=${encodeURIComponent(e)}&email=${encodeURIComponent(c)}`)}),n("section",{class:"sso","aria-labelledby":"sso-title"},n("h2",{id:"sso-title",text:s("common-sso-title")}),a)}function Qo(e){let o=e&&e.status===200&&e.body&&e.body.end_session_url;return typeof o=="string"&&/^https?:\/\//.test(o)?(window.location.assign(o),!0):!1}var Jo={ar:`# The language's name in itself, as the switcher lists it.
language-name = العربية
# ltr or rtl: the direction of the pages in this language.
language-direction = rtl
common-language = اللغة
common-times-in-zone = الأوقات بالتوقيت المحلي للمقر ({ $zone }).
common-sso-email = البريد الإلكتروني للعمل
common-sso-email-help = ستسجّل الدخول من صفحة تسجيل الدخول الخاصة بمؤسستك، ثم تعود إلى هنا.
common-sso-continue = المتابعة بتسجيل الدخول الموحّد
common-sso-email-invalid = أدخل عنوان بريدك الإلكتروني للعمل، مثل: ada@example.com
common-sso-title = تسجيل الدخول عبر مؤسستك
error-other = رفض الخادم هذا الطلب ({ $code }).
error-unauthorized = لم يتم تسجيل الدخول، أو أن مفتاحك لم يعد صالحًا.
error-forbidden = لا يملك هذا المفتاح صلاحية القيام بذلك.
error-key-sign-in-off = تسجيل الدخول بمفتاح معطّل هنا: يُرجى استخدام تسجيل الدخول الموحّد.
error-not-found = غير موجود.
error-invalid-claim = هذا الرابط لا يعمل: فقد سبق استخدامه أو استُبدل أو كُتب بشكل خاطئ.
error-invalid-pairing = سبق استخدام رابط الاقتران هذا أو انتهت صلاحيته.
error-already-claimed = هذا التصريح موجود بالفعل في محفظة أخرى.
error-revoked = تم إلغاء هذا التصريح.
error-invalid-public-key = تم رفض مفتاح المحفظة.
error-bad-request = تعذّر فهم الطلب.
error-payload-too-large = حجم البيانات أكبر من أن يُرسَل.
error-rate-limited = محاولات كثيرة جدًا: يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.
error-refused-by-policy = قواعد المؤسسة لا تسمح بذلك.
error-already-acknowledged = سبق أن أقرّ أحدهم باستلام هذا الإنذار.
error-already-resolved = تمت معالجة هذا الإنذار بالفعل.
error-not-permitted = لا يمكن تنفيذ ذلك لهذا الشخص. يُرجى مراجعة الموظفين.
error-invalid-field = أحد الحقول مفقود أو غير صالح.
error-storage-unavailable = يتعذّر على الخادم الوصول إلى قاعدة بياناته حاليًا: يُرجى المحاولة مرة أخرى بعد قليل.
error-internal = حدث خطأ في الخادم: يُرجى المحاولة مرة أخرى، وإبلاغ الموظفين إذا استمر الخطأ.
error-transfer-not-allowed = لا يمكن نقل هذا التصريح إلى شخص آخر.
error-not-claimed = لم يُضَف هذا التصريح إلى أي محفظة بعد.
error-request-id-reused = سبق إرسال هذا الطلب بمحتوى مختلف.
error-already-decided = سبق الرد على هذا الطلب.
error-approval-timeout = انتهت مهلة الرد على هذا الطلب.
error-bad-proof = تعذّر على هذه المحفظة إثبات النقل.
error-invalid-nonce = انتهت صلاحية رابط النقل: يُرجى إنشاء رابط جديد.
error-unknown-pass = هذا التصريح غير معروف هنا.
error-key-revoked = تم إبطال هذا المفتاح: يُرجى إنشاء مفتاح جديد بدلًا منه.
error-last-admin-key = لا يمكن إبطال آخر مفتاح للمسؤول.
error-network = لا يوجد اتصال بالخادم. يُرجى التحقق من الشبكة والمحاولة مرة أخرى.
audit-kind-scan = مسح
audit-kind-challenge-issued = إصدار تحدٍّ
audit-kind-response = رد
audit-kind-challenge-unanswered = تحدٍّ دون رد
audit-kind-rate-limited = تقييد المعدل
audit-kind-gate-connection-refused = رفض اتصال بوابة
audit-kind-claim = إضافة تصريح إلى محفظة
audit-kind-claim-rejected = رفض إضافة تصريح إلى محفظة
audit-kind-claim-conflict = تعارض في إضافة تصريح إلى محفظة
audit-kind-pass-issued = إصدار تصريح
audit-kind-pass-revoked = إلغاء تصريح
audit-kind-api-key-created = إنشاء مفتاح API
audit-kind-api-key-revoked = إبطال مفتاح API
audit-kind-api-key-rotated = تجديد مفتاح API
audit-kind-gate-created = إنشاء بوابة
audit-kind-auth-failure = فشل المصادقة
audit-kind-gate-pairing-created = إنشاء رابط اقتران بوابة
audit-kind-gate-paired = اقتران بوابة
audit-kind-gate-revoked = إبطال بوابة
audit-kind-gate-connected = اتصال بوابة
audit-kind-gate-disconnected = انقطاع اتصال بوابة
audit-kind-console-signed-in = تسجيل دخول إلى وحدة التحكم
audit-kind-console-signed-out = تسجيل خروج من وحدة التحكم
audit-kind-retention = تطبيق مدة الاحتفاظ بالبيانات
audit-kind-host-created = إنشاء مضيف
audit-kind-walk-in-requested = طلب زيارة دون موعد
audit-kind-walk-in-approved = الموافقة على زيارة دون موعد
audit-kind-walk-in-denied = رفض زيارة دون موعد
audit-kind-walk-in-expired = انتهاء مهلة زيارة دون موعد
audit-kind-pass-rebound = ربط تصريح بمحفظة جديدة
audit-kind-transfer-started = بدء نقل تصريح
audit-kind-pass-transferred = نقل تصريح
audit-kind-transfer-rejected = رفض نقل تصريح
audit-kind-webhook-created = إنشاء Webhook
audit-kind-webhook-disabled = تعطيل Webhook
audit-kind-webhook-enabled = تفعيل Webhook
audit-kind-webhook-secret-rotated = تجديد سرّ Webhook
audit-kind-webhook-deleted = حذف Webhook
audit-kind-zone-created = إنشاء منطقة
audit-kind-zone-checkout = الخروج من منطقة
audit-kind-sso-configured = إعداد تسجيل الدخول الموحّد
audit-kind-sso-removed = إزالة تسجيل الدخول الموحّد
audit-kind-sso-sign-in-failed = فشل تسجيل الدخول الموحّد
audit-kind-sso-sessions-ended = إنهاء جلسات تسجيل الدخول الموحّد
audit-kind-sso-domain-changed = تغيّر نطاق تسجيل الدخول
audit-kind-session-ended = إنهاء جلسة
audit-kind-message-queued = إدراج رسالة في قائمة الإرسال
audit-kind-message-sent = إرسال رسالة
audit-kind-message-bounced = ارتداد رسالة
audit-kind-message-dead = التخلّي عن رسالة
audit-kind-message-expired = انتهاء صلاحية رسالة
audit-kind-mail-settings-changed = تغيير إعدادات البريد
audit-kind-alarm-acknowledged = الإقرار بإنذار
audit-kind-alarm-assigned = إسناد إنذار
audit-kind-alarm-resolved = معالجة إنذار
audit-kind-watchlist-hit = تطابق مع قائمة المراقبة
audit-kind-watchlist-entry-added = إضافة إدخال إلى قائمة المراقبة
audit-kind-watchlist-entry-changed = تعديل إدخال في قائمة المراقبة
audit-kind-watchlist-entry-removed = إزالة إدخال من قائمة المراقبة
audit-kind-personal-data-exported = تصدير بيانات شخصية
audit-kind-personal-data-erased = محو بيانات شخصية
audit-kind-privacy-settings-changed = تغيير إعدادات الخصوصية
audit-kind-locale-settings-changed = تغيير إعدادات اللغة والمنطقة الزمنية
audit-kind-roll-call-started = بدء تفقّد الحضور
audit-kind-roll-call-marked = تسجيل شخص في تفقّد الحضور
audit-kind-roll-call-ended = انتهاء تفقّد الحضور
audit-kind-muster-scanned = مسح عند نقطة التجمّع
audit-kind-muster-refused = رفض مسح عند نقطة التجمّع
audit-kind-site-node-created = تم تسجيل خادم الموقع
audit-kind-site-lease-granted = مُنح تفويض الموقع
audit-kind-site-lease-ended = انتهى تفويض الموقع
audit-kind-site-lease-extended = مُدِّد تفويض الموقع محليًا
audit-kind-site-conflict = تعارض في الموقع
audit-kind-site-node-revoked = إبطال خادم موقع
audit-kind-site-node-token-rotated = رمز جديد لخادم موقع
audit-kind-site-node-resumed = السماح لخادم موقع بأخذ التفويض من جديد
audit-kind-site-node-fault = خادم موقع أرسل ما رُفض
audit-severity-info = معلومات
audit-severity-warning = تحذير
audit-severity-high = مرتفعة
audit-by = { $what } — بواسطة { $who }
audit-resent = { $what } (إعادة إرسال)
audit-on-site = { $what } (في الموقع)
audit-from-node = { $what } — من الخادم { $node }
audit-node-revoked = أُبطل الخادم { $node }: لم يعد رمزه يعمل
audit-node-token-rotated = رمز جديد للخادم { $node }: لم يعد الرمز القديم يعمل
audit-node-resumed = يمكن للخادم { $node } أن يأخذ تفويض موقعه من جديد
audit-node-fault =
    { $count ->
        [zero] أرسل الخادم { $node } عناصر رفضها هذا الخادم: { $count }
        [one] أرسل الخادم { $node } عنصرًا واحدًا رفضه هذا الخادم
        [two] أرسل الخادم { $node } عنصرين رفضهما هذا الخادم
        [few] أرسل الخادم { $node } { $count } عناصر رفضها هذا الخادم
        [many] أرسل الخادم { $node } { $count } عنصرًا رفضها هذا الخادم
       *[other] أرسل الخادم { $node } { $count } عنصر رفضها هذا الخادم
    }
audit-node-fault-why =
    { $count ->
        [zero] أرسل الخادم { $node } عناصر رفضها هذا الخادم: { $count }؛ { $reasons }
        [one] أرسل الخادم { $node } عنصرًا واحدًا رفضه هذا الخادم: { $reasons }
        [two] أرسل الخادم { $node } عنصرين رفضهما هذا الخادم: { $reasons }
        [few] أرسل الخادم { $node } { $count } عناصر رفضها هذا الخادم: { $reasons }
        [many] أرسل الخادم { $node } { $count } عنصرًا رفضها هذا الخادم: { $reasons }
       *[other] أرسل الخادم { $node } { $count } عنصر رفضها هذا الخادم: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = نوع لا يُنشئه أي خادم موقع
audit-node-fault-malformed-details = تفاصيل بشكل خاطئ
audit-node-fault-severity-too-high = خطورة أعلى مما يسمح به نوعه
audit-node-fault-foreign-gate = بوابة ليست من موقعه
audit-node-fault-foreign-pass = تصريح ليس من موقعه
audit-node-fault-outside-lease = وقت خارج تفويضاته
audit-node-fault-foreign-lease = تفويض لم يحمله قط
audit-sso-refused = رُفض تسجيل الدخول الموحّد: { $reason }
audit-sso-refused-detail = رُفض تسجيل الدخول الموحّد: { $reason } ({ $detail })
audit-mail-queued = أُدرج رابط التصريح في قائمة الإرسال
audit-mail-queued-to = أُدرج رابط التصريح الموجّه إلى { $to } في قائمة الإرسال
audit-mail-resent = أُعيد إرسال رابط التصريح
audit-mail-resent-to = أُعيد إرسال رابط التصريح إلى { $to }
audit-mail-sent = أُرسل البريد
audit-mail-sent-to = أُرسل البريد إلى { $to }
audit-mail-bounced = ارتدّ البريد
audit-mail-bounced-to = ارتدّ البريد المرسل إلى { $to }
audit-mail-bounced-error = ارتدّ البريد ({ $error })
audit-mail-bounced-to-error = ارتدّ البريد المرسل إلى { $to } ({ $error })
audit-mail-dead = أُوقفت محاولات إرسال البريد
audit-mail-dead-to = أُوقفت محاولات إرسال البريد إلى { $to }
audit-mail-dead-error = أُوقفت محاولات إرسال البريد ({ $error })
audit-mail-dead-to-error = أُوقفت محاولات إرسال البريد إلى { $to } ({ $error })
audit-mail-expired = لم يُرسَل البريد: انتهت صلاحية التصريح قبل ذلك
audit-mail-expired-to = لم يُرسَل البريد: انتهت صلاحية التصريح قبل ذلك ({ $to })
audit-sso-sessions-ended =
    أنهى موفّر الهوية الجلسات ({ $cause ->
        [access_ended] سُحبت صلاحية الوصول
       *[other] سُجّل الخروج لديه
    })
audit-scan-denied = رُفض المسح: { $reason } — { $words }
audit-scan-resent = أُعيد إرسال المسح
audit-scan-refused = لم يُقبَل المسح: { $error }
audit-answer = رد
audit-answer-denied = رُفض الرد: { $reason } — { $words }
audit-answer-refused = لم يُقبَل الرد: { $error }
audit-outcome-admitted = سُمح بالدخول
audit-outcome-already-admitted = سبق السماح بالدخول
audit-outcome-denied = رُفض الدخول
audit-challenge-unanswered = تحدٍّ دون رد (انتهت صلاحيته دون رد صالح)
audit-claim-conflict = claim_conflict — حاولت محفظة ثانية إضافة هذا التصريح
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = على { $surface }
audit-detail = ({ $detail })
audit-claim-refused = رُفضت إضافة التصريح إلى المحفظة
audit-claim-refused-why = رُفضت إضافة التصريح إلى المحفظة ({ $reason })
audit-rate-limited = قُيّد المعدل
audit-rate-limited-frames =
    قُيّد المعدل: { $frames ->
        [zero] { $frames } إطار
        [one] إطار واحد
        [two] إطاران
        [few] { $frames } إطارات
        [many] { $frames } إطارًا
       *[other] { $frames } إطار
    }
audit-walk-in-requested = طُلبت زيارة دون موعد
audit-walk-in-approved = وافق المضيف على الزيارة دون موعد: سُمح بالدخول
audit-walk-in-denied = رفض المضيف الزيارة دون موعد
audit-walk-in-expired = انتهت مهلة الزيارة دون موعد: لم يردّ المضيف في الوقت المناسب
audit-pass-rebound = رُبط التصريح بمحفظة جديدة (تتوقف المحفظة القديمة عن العمل)
audit-pass-transferred = نُقل التصريح إلى حامل جديد
audit-gate-short = بوابة { $id }
audit-pass-short = تصريح { $id }
audit-node-unknown = غير معروف
audit-clock-date = { $day }/{ $month }/{ $year } { $time }
audit-filter-gate-id = يجب أن تكون البوابة معرّفًا مثل 0190c3e1-…-…؛ اخترها من قائمة أو الصق معرّفها.
audit-filter-pass-id = يجب أن يكون التصريح معرّفًا مثل 0190c3e1-…-…؛ اختره من قائمة أو الصق معرّفه.
audit-filter-severity = يجب أن تكون درجة الخطورة «معلومات» أو «تحذير» أو «مرتفعة».
audit-filter-since-until = يجب أن تكون البداية قبل النهاية.
audit-alarms-filter-active = المفتوحة والمُقَرّ بها
audit-alarms-filter-open = المفتوحة
audit-alarms-filter-acknowledged = المُقَرّ بها
audit-alarms-filter-resolved = المعالَجة
audit-alarms-filter-all = الكل
audit-alarm-outcome-confirmed = مؤكَّد
audit-alarm-outcome-false-alarm = إنذار كاذب
audit-alarm-outcome-duplicate = مكرَّر
audit-alarm-outcome-no-action = لا إجراء
audit-alarm-state-open = مفتوح
audit-alarm-acknowledged-by = أقرّ به { $who }
audit-alarm-acknowledged-by-someone = أقرّ به أحدهم
audit-alarm-resolved-by =
    عالجه { $who } ({ $outcome ->
        [confirmed] مؤكَّد
        [false_alarm] إنذار كاذب
        [duplicate] مكرَّر
        [no_action] لا إجراء
       *[none] دون نتيجة
    })
audit-alarm-resolved-by-someone =
    عالجه أحدهم ({ $outcome ->
        [confirmed] مؤكَّد
        [false_alarm] إنذار كاذب
        [duplicate] مكرَّر
        [no_action] لا إجراء
       *[none] دون نتيجة
    })
console-title = وحدة تحكم الأمان في Tessera
console-opening = جارٍ فتح وحدة التحكم…
console-try-again = حاول مرة أخرى
console-start-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
console-start-not-ready = الخادم غير جاهز (HTTP { $status }).
console-host-session = أنت مسجَّل الدخول بصفتك مضيفًا على هذا الجهاز: يستخدم المضيفون /host. سجّل الدخول هنا بمفتاح مسؤول أو مدقق.
console-signin-intro = الإنذارات والبوابات والتصاريح وسجل التدقيق الخاص بمؤسستك.
console-signin-key = مفتاح API
console-signin-key-help = مفتاح مسؤول أو مدقق. يُرسَل مرة واحدة لفتح جلسة، ولا يُحفظ على هذا الجهاز.
console-signin-button = تسجيل الدخول
console-signin-key-missing = أدخل مفتاح API.
console-signin-host-key = هذا مفتاح مضيف: يستخدم المضيفون صفحة المضيف على /host. وحدة التحكم مخصصة لمفاتيح المسؤولين والمدققين.
console-signin-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة، ثم حاول مرة أخرى.
console-signin-not-accepted = لم يُقبل مفتاح API هذا. تحقّق منه وحاول مرة أخرى.
console-signin-forbidden = لا يمكن لهذا المفتاح فتح وحدة التحكم: لا يفتحها إلا مفتاح مسؤول أو مدقق (أو أن الصفحة ليست على عنوان الخادم نفسه).
console-signin-rate-limited = محاولات تسجيل دخول فاشلة كثيرة جدًا من هذا العنوان. انتظر دقيقة، ثم حاول مرة أخرى.
console-signin-refused = رفض الخادم تسجيل الدخول ({ $code }).
console-signed-out = تم تسجيل الخروج.
console-session-ended = انتهت جلستك. سجّل الدخول مرة أخرى.
console-session-expired = انتهت صلاحية جلستك (مناوبة واحدة). سجّل الدخول مرة أخرى.
console-problem-network = تعذّر { $action }: الخادم غير متاح. تحقّق من الشبكة، ثم حاول مرة أخرى.
console-problem-forbidden = لا تملك هذه الجلسة صلاحية { $action } ({ $code }).
console-problem-not-found = تعذّر { $action }: غير موجود.
console-problem-rate-limited = طلبات كثيرة جدًا؛ انتظر دقيقة، ثم حاول مرة أخرى.
console-problem-status = تعذّر { $action }: HTTP { $status }.
console-problem-refused = تعذّر { $action }: { $reason }
console-invalid-field = حقل ناقص أو غير صالح ({ $field }).
console-action-sign-out = تسجيل الخروج
console-action-read-alarms = قراءة حالة الإنذارات
console-action-read-pass-events = قراءة أحداث التصريح
console-action-acknowledge = الإقرار بالإنذار
console-action-assign = إسناد الإنذار
console-action-resolve = معالجة الإنذار
console-action-read-events = قراءة سجل الأحداث
console-action-read-gate = قراءة بيانات البوابة
console-action-pair = إنشاء رابط اقتران
console-action-revoke-gate = إبطال البوابة
console-action-list-passes = عرض قائمة التصاريح
console-action-read-pass = قراءة بيانات التصريح
console-action-revoke-pass = إبطال التصريح
console-action-replay = إعادة إرسال الحدث
console-action-list-webhooks = عرض خطافات الويب
console-action-list-dead-letters = عرض الأحداث غير المُسلَّمة
console-action-resend = إعادة إرسال الرابط
console-action-list-messages = عرض الرسائل
console-action-read-watchlist = قراءة قائمة المراقبة
console-action-remove-entry = حذف القيد
console-action-add-watchlist = الإضافة إلى قائمة المراقبة
console-action-read-roll-calls = قراءة عمليات تفقّد الحضور
console-action-start-roll-call = بدء تفقّد الحضور
console-action-mark-safe = تسجيل { $name } بأمان
console-action-end-roll-call = إنهاء تفقّد الحضور
console-action-read-roll-call = قراءة تفقّد الحضور
console-action-save-sso = حفظ إعدادات تسجيل الدخول الموحّد
console-action-list-sessions = عرض الجلسات
console-action-end-session = إنهاء الجلسة
console-action-read-sso = قراءة إعدادات تسجيل الدخول الموحّد
console-action-issue-pass = إصدار التصريح
console-action-create-gate = إنشاء البوابة
console-action-read-nodes = قراءة خوادم المواقع
console-action-reclaim-lease = استعادة تفويض { $label }
console-action-revoke-node = إبطال { $label }
console-action-rotate-node = إنشاء رمز جديد لـ { $label }
console-action-resume-node = السماح لـ { $label } بأخذ التفويض من جديد
console-brand-sub = وحدة تحكم الأمان
console-sign-out = تسجيل الخروج
console-role =
    { $role ->
        [admin] مسؤول
        [security] أمن
        [auditor] مدقق
        [issuer] مُصدِر
        [host] مضيف
       *[other] { $role }
    }
console-feed-live = مباشر
console-feed-connecting = جارٍ الاتصال
console-feed-reconnecting = جارٍ إعادة الاتصال
console-views = طرق العرض
console-tab-alarms = الإنذارات
console-tab-events = الأحداث
console-tab-gates = البوابات
console-tab-nodes = خوادم المواقع
console-tab-passes = التصاريح
console-tab-webhooks = خطافات الويب
console-tab-messages = البريد
console-tab-watchlist = قائمة المراقبة
console-tab-rollcall = تفقّد الحضور
console-tab-admin = الإدارة
console-tab-signin = تسجيل الدخول
console-loading = جارٍ التحميل…
console-load-more = تحميل المزيد
console-refresh = تحديث
console-show = عرض
console-cancel = إلغاء
console-copy = نسخ
console-copied = تم النسخ.
console-copy-selected = تم التحديد: اضغط Ctrl+C للنسخ.
console-timeline = التسلسل الزمني
console-timeline-loading = جارٍ تحميل التسلسل الزمني…
console-timeline-count =
    { $count ->
        [zero] لا أحداث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [one] حدث واحد، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [two] حدثان، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [few] { $count } أحداث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [many] { $count } حدثًا، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
       *[other] { $count } حدث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
    }
console-timeline-of = التسلسل الزمني لـ { $pass }
console-tl-challenge-to = صدر التحدي إلى { $gate }
console-actor-title = { $name }: { $subject } لدى { $issuer }
console-alarms = الإنذارات
console-alarms-loading = جارٍ تحميل الإنذارات…
console-alarms-none-open = لا إنذارات مفتوحة. تظهر هنا خلال ثانية بيانات اعتماد البوابات المنسوخة (foreign_nonce)، والرموز المعاد استخدامها (code_replayed)، والتحديات المستنفدة، وتعارضات إضافة التصاريح، والتطابقات مع قائمة المراقبة.
console-alarms-none = لا إنذارات هنا.
console-back-alarms = → كل الإنذارات
console-alarm-no-pass = بلا تصريح
console-alarm-no-gate = بلا بوابة
console-alarm-at = عند { $gate }
console-alarm-from = من { $source }
console-alarm-from-node = من الخادم { $node }
console-alarm-at-from-node = عند { $gate }، من الخادم { $node }
console-alarm-node = الخادم { $node }
console-alarm-challenge-of = تحدٍّ صادر عن
console-alarm-first-used-at = استُخدم الرمز أولًا عند
console-alarm-about-foreign-nonce = إجابة عن تحدٍّ صادر عن بوابة أخرى: بيانات اعتماد بوابة منسوخة؟
console-alarm-about-code-replayed = رمز سبق أن أدخل شخصًا عند بوابة أخرى: نسخة؟
console-alarm-about-challenge-burned = تحدٍّ استُنفد بسبب إجابات خاطئة
console-alarm-about-claim-conflict = حاولت محفظة ثانية إضافة تصريح سبقت إضافته: رابط مسرَّب؟
console-alarm-about-watchlist-hit = شخص مدرج في قائمة المراقبة عند بوابة، أو تصريح صدر له أو أضيف باسمه (راجع قائمة المراقبة)
console-alarm-about-auth-failure = محاولات مصادقة فاشلة من مصدر واحد (لهذه المؤسسة: جلسة وحدة تحكم استُخدمت دون رمز CSRF الخاص بها أو من موقع آخر)
console-alarm-about-site-node-fault = أرسل خادم موقع ما رفضه هذا الخادم: رمز مسروق أم خادم معطوب؟ افحصه، وأبطِله في عرض «خوادم المواقع» عند الشك
console-alarm-gone = لم يعد هذا الإنذار في التدفق.
console-alarm-choose = اختر إنذارًا لترى ما اتُّخذ بشأنه والتسلسل الزمني للتصريح: كل مسح وكل تحدٍّ وكل إجابة.
console-alarm-heading = الإنذار { $id }
console-alarm-fact-alarm = الإنذار
console-alarm-fact-state = الحالة
console-alarm-fact-assigned-to = مُسنَد إلى
console-alarm-fact-when = متى
console-alarm-fact-where = أين
console-alarm-fact-shipped-by = أرسله الخادم
console-alarm-fact-node = الخادم
console-alarm-fact-refused = المرفوض
console-alarm-fact-pass = التصريح
console-alarm-fact-reason = السبب
console-alarm-acknowledge = إقرار
console-alarm-assign = إسناد
console-alarm-assign-to = إسناد إلى
console-alarm-resolve = معالجة
console-alarm-outcome = النتيجة
console-alarm-note = ملاحظة
console-alarm-already-acknowledged-by = سبق أن أقرّ { $name } بهذا الإنذار.
console-alarm-already-acknowledged = سبق الإقرار بهذا الإنذار.
console-alarm-already-resolved-by = سبق أن عالج { $name } هذا الإنذار.
console-alarm-already-resolved = سبقت معالجة هذا الإنذار.
console-events = الأحداث
console-filters = عوامل التصفية
console-filter-kind = النوع
console-filter-severity = الخطورة
console-filter-gate = البوابة
console-filter-pass = التصريح
console-filter-since = منذ
console-filter-until = حتى
console-filter-any = الكل
console-filter-pass-placeholder = معرّف تصريح
console-filter-apply = تطبيق عوامل التصفية
console-filter-clear = مسح
console-gate-option-revoked = { $gate } (مُبطَلة)
console-export-csv = تصدير CSV
console-export-jsonl = تصدير JSONL
console-filtered-by = مصفّاة حسب { $filters }
console-all-events = كل الأحداث
console-events-summary =
    { $count ->
        [zero] لا أحداث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [one] حدث واحد، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [two] حدثان، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [few] { $count } أحداث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [many] { $count } حدثًا، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
       *[other] { $count } حدث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
    }
console-events-summary-more =
    { $count ->
        [zero] لا أحداث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [one] حدث واحد حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [two] حدثان حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [few] { $count } أحداث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [many] { $count } حدثًا حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
       *[other] { $count } حدث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
    }
console-col-time = الوقت
console-col-severity = الخطورة
console-col-event = الحدث
console-col-gate = البوابة
console-col-pass = التصريح
console-col-state = الحالة
console-col-uses = مرات الاستخدام
console-col-site = الموقع
console-col-valid-until = صالح حتى
console-col-type = النوع
console-col-attempts = المحاولات
console-col-last-error = آخر خطأ
console-col-queued = أُدرج في الطابور
console-col-to = إلى
console-col-what = ماذا
console-col-person = الشخص
console-col-mode = الوضع
console-col-reason = السبب
console-col-added-by = أضافه
console-col-expires = ينتهي
console-col-started = البدء
console-col-who = مَن
console-col-safe = بأمان
console-col-name = الاسم
console-col-status = الحالة
console-col-last-seen = آخر ظهور
console-col-marked-by = سجّله
console-col-where = أين
console-col-when = متى
console-col-email = البريد الإلكتروني
console-col-role = الدور
console-col-since = منذ
console-col-ends = ينتهي
console-gates = البوابات
console-gate = البوابة
console-gates-loading = جارٍ تحميل البوابات…
console-gates-count =
    { $count ->
        [zero] لا بوابات؛ المتصلة منها: { $online }.
        [one] بوابة واحدة؛ المتصلة منها: { $online }.
        [two] بوابتان؛ المتصلة منها: { $online }.
        [few] { $count } بوابات؛ المتصلة منها: { $online }.
        [many] { $count } بوابةً؛ المتصلة منها: { $online }.
       *[other] { $count } بوابة؛ المتصلة منها: { $online }.
    }
console-create-gate = إنشاء بوابة
console-gate-online = متصلة
console-gate-offline = غير متصلة
console-gate-connected-now = متصلة الآن
console-gate-never-connected = لم تتصل قط
console-gate-last-seen = آخر ظهور { $ago } ({ $time })
console-gate-connected-now-sentence = متصلة الآن.
console-gate-never-connected-sentence = لم تتصل قط.
console-gate-last-seen-sentence = آخر ظهور { $ago } ({ $time }).
console-gate-revoked-at = أُبطلت { $time }
console-gate-revoked-sentence = أُبطلت { $time }.
console-gate-connected = متصلة الآن.
console-gate-connected-sockets =
    { $count ->
        [zero] متصلة الآن.
        [one] متصلة الآن (اتصال واحد).
        [two] متصلة الآن (اتصالان).
        [few] متصلة الآن ({ $count } اتصالات).
        [many] متصلة الآن ({ $count } اتصالًا).
       *[other] متصلة الآن ({ $count } اتصال).
    }
console-gate-not-connected = غير متصلة.
console-gate-stats-loading = جارٍ تحميل الساعة الأخيرة…
console-gate-recent-label = أحدث الأحداث عند هذه البوابة
console-gate-recent = أحدث الأحداث
console-gate-all-events = كل أحداث هذه البوابة
console-gate-window =
    { $minutes ->
        [zero] الدقيقة الأخيرة
        [one] الدقيقة الأخيرة
        [two] الدقيقتان الأخيرتان
        [few] آخر { $minutes } دقائق
        [many] آخر { $minutes } دقيقة
       *[other] آخر { $minutes } دقيقة
    }
console-tile-scans = عمليات المسح
console-tile-per-minute = في الدقيقة الآن
console-tile-admissions = مرات الدخول
console-tile-denials = مرات الرفض
console-tile-errors = الأخطاء
console-chart-title = عمليات المسح في الدقيقة
console-chart-label = عمليات المسح في الدقيقة خلال آخر { $minutes } دقيقة: { $total } إجمالًا، وبحد أقصى { $max } في دقيقة واحدة
console-chart-start = قبل { $minutes } دقيقة
console-chart-now = الآن
console-denials-title = مرات الرفض حسب السبب
console-denials-none = لا حالات رفض.
console-gate-manage = إدارة هذه البوابة
console-gate-revoke = إبطال البوابة
console-gate-revoke-confirm = نعم، أبطِل هذه البوابة
console-back-gates = → البوابات
console-pair-make = إنشاء رابط اقتران
console-pair-qr = رمز QR لرابط الاقتران
console-pair-title = افتح هذا على جهاز البوابة اللوحي
console-pair-help = امسح الرمز بكاميرا الجهاز اللوحي (أو أرسل إليه الرابط). يعمل مرة واحدة، حتى { $until }. ينقل الاقتران البوابة إلى ذلك الجهاز ويفصل أي جهاز آخر.
console-pair-link = رابط الاقتران
console-passes = التصاريح
console-passes-loading = جارٍ تحميل التصاريح…
console-passes-count =
    { $count ->
        [zero] لا تصاريح، الأحدث أولًا.
        [one] تصريح واحد، الأحدث أولًا.
        [two] تصريحان، الأحدث أولًا.
        [few] { $count } تصاريح، الأحدث أولًا.
        [many] { $count } تصريحًا، الأحدث أولًا.
       *[other] { $count } تصريح، الأحدث أولًا.
    }
console-issue-pass = إصدار تصريح
console-open-pass-label = فتح تصريح بمعرّفه
console-open = فتح
console-open-pass-invalid = يبدو معرّف التصريح هكذا: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] صادر
        [claimed] مُضاف إلى محفظة
        [used] مُستنفَد
        [revoked] مُبطَل
        [expired] منتهي الصلاحية
       *[other] { $state }
    }
console-pass-uses = مرات الاستخدام
console-pass-uses-of = { $uses } من { $max }
console-pass-site = الموقع
console-pass-any-gate = أي بوابة
console-pass-valid = الصلاحية
console-pass-issued = تاريخ الإصدار
console-pass-in-wallet = في محفظة
console-pass-since = منذ { $time }
console-pass-not-yet = ليس بعد
console-pass-id = المعرّف
console-admissions-heading = مرات الدخول ({ $count })
console-admission-at = عند
console-admissions-none = لم يدخل بعد.
console-pass-revoke = إبطال التصريح
console-pass-revoke-confirm = نعم، أبطِل هذا التصريح
console-back-passes = → التصاريح
console-pass-attempts = كل المحاولات
console-pass-in-event-log = في سجل الأحداث (التصفية، التصدير)
console-webhooks = خطافات الويب
console-webhooks-loading = جارٍ تحميل خطافات الويب…
console-webhooks-count =
    { $count ->
        [zero] لا خطافات ويب؛ المعطّلة منها: { $disabled }.
        [one] خطاف ويب واحد؛ المعطّلة منها: { $disabled }.
        [two] خطافا ويب؛ المعطّلة منها: { $disabled }.
        [few] { $count } خطافات ويب؛ المعطّلة منها: { $disabled }.
        [many] { $count } خطافَ ويب؛ المعطّلة منها: { $disabled }.
       *[other] { $count } خطافِ ويب؛ المعطّلة منها: { $disabled }.
    }
console-webhook-disabled = معطّل { $time }
console-webhook-disabled-because = معطّل { $time }: { $reason }
console-webhook-enabled = مفعّل
console-dead-letters = أحداث لم تُسلَّم
console-dead-letters-loading = جارٍ تحميل الأحداث التي لم تُسلَّم…
console-dead-letters-help = أحداث استنفدت محاولات الإرسال أو عُطّل خطافها (أجاب مستلم بالرمز 410). تعيد «إعادة الإرسال» حدثًا إلى الطابور، مستحقًا الآن، مع ثلاثة أيام جديدة من المحاولات.
console-dead-letters-count =
    { $count ->
        [zero] لا أحداث لم تُسلَّم
        [one] حدث واحد لم يُسلَّم، الأحدث أولًا.
        [two] حدثان لم يُسلَّما، الأحدث أولًا.
        [few] { $count } أحداث لم تُسلَّم، الأحدث أولًا.
        [many] { $count } حدثًا لم يُسلَّم، الأحدث أولًا.
       *[other] { $count } حدث لم يُسلَّم، الأحدث أولًا.
    }
console-dead-letters-none = لا أحداث لم تُسلَّم: سُلِّم كل حدث أو ما زالت محاولات إرساله جارية.
console-replay = إعادة الإرسال
console-replay-label = إعادة إرسال { $event }
console-replayed = أُعيد إلى الطابور.
console-replayed-disabled = أُعيد إلى الطابور؛ خطافه معطّل، لذا سيعود إلى هنا.
console-messages-title = البريد
console-messages = الرسائل
console-messages-help = روابط الاستلام المرسلة بالبريد إلى الزوار، والزيارات دون موعد المرسلة إلى المضيفين بالبريد والإشعارات. العنوان المرتد رفضه الطرف المستقبِل؛ والرسالة المتخلى عنها استنفدت محاولاتها؛ والرسالة المتأخرة لم تُرسل لأن تصريحها أو زيارتها كان قد انتهى.
console-messages-loading = جارٍ تحميل الرسائل…
console-messages-filter-attention = تحتاج إلى متابعة (مرتدة، متخلى عنها، متأخرة)
console-messages-filter-pending = بانتظار الإرسال
console-messages-filter-sent = مُرسلة
console-messages-filter-all = الكل
console-messages-count =
    { $count ->
        [zero] لا رسائل، الأحدث أولًا.
        [one] رسالة واحدة، الأحدث أولًا.
        [two] رسالتان، الأحدث أولًا.
        [few] { $count } رسائل، الأحدث أولًا.
        [many] { $count } رسالةً، الأحدث أولًا.
       *[other] { $count } رسالة، الأحدث أولًا.
    }
console-messages-none-attention = لا شيء يحتاج إلى متابعة: أُرسلت كل رسالة أو ما زالت محاولات إرسالها جارية.
console-messages-none = لا رسائل.
console-message-kind-invitation = رابط الاستلام
console-message-kind-approval-mail = زيارة دون موعد (بريد)
console-message-kind-approval-push = زيارة دون موعد (إشعار)
console-message-state =
    { $state ->
        [pending] قيد الانتظار
        [sent] مُرسلة
        [bounced] مرتدة
        [dead] متخلى عنها
        [expired] متأخرة
       *[other] { $state }
    }
console-message-send-again = إعادة الإرسال
console-message-send-again-label = إعادة إرسال رابط الاستلام إلى { $to }
console-message-new-address = عنوان جديد بدلًا من { $to }
console-message-send = إرسال
console-message-sent-again = أُعيد الإرسال إلى { $to }؛ لم يعد الرابط السابق يعمل.
console-watchlist = قائمة المراقبة
console-watch-loading = جارٍ تحميل قائمة المراقبة…
console-watch-help = أشخاص يجب التنبيه إليهم أو منعهم من الدخول. يتطابق عنوان البريد الإلكتروني أو المرجع الخارجي تطابقًا تامًا؛ أما الاسم وحده فتطابق محتمل فقط ولا يؤدي إلى رفض أحد. لا تعرض البوابات سوى «يُرجى الانتظار: الموظفون في الطريق»؛ ولا يُبلَّغ الزوار ولا المُصدِرون بالسبب أبدًا.
console-watch-form = الإضافة إلى قائمة المراقبة
console-watch-add = إضافة إلى القائمة
console-watch-name = الاسم
console-watch-email = البريد الإلكتروني
console-watch-email-help = تطابق تام، بصرف النظر عن حالة الأحرف، مع وسم +tag أو دونه.
console-watch-reference = مرجع خارجي
console-watch-expires = ينتهي في
console-watch-expires-help = فارغ: لا ينتهي.
console-watch-reason = السبب
console-watch-mode = الوضع
console-watch-mode-flag-help = تنبيه: السماح بالدخول وإطلاق إنذار
console-watch-mode-block-help = حظر: رفض تصاريحه واستبقاؤه عند البوابات
console-watch-mode-flag = تنبيه
console-watch-mode-block = حظر
console-watch-count =
    { $count ->
        [zero] لا قيود.
        [one] قيد واحد.
        [two] قيدان.
        [few] { $count } قيود.
        [many] { $count } قيدًا.
       *[other] { $count } قيد.
    }
console-watch-none = لا أحد في قائمة المراقبة.
console-watch-remove = إزالة
console-watch-remove-label = إزالة { $who } من قائمة المراقبة
console-watch-added = { $who }، { $time }
console-watch-never = أبدًا
console-watch-expired = { $date } (منتهٍ)
console-watch-who-missing = أدخل اسمًا أو بريدًا إلكترونيًا أو مرجعًا خارجيًا.
console-watch-reason-missing = اذكر سبب إدراجه في قائمة المراقبة.
console-rollcall = تفقّد الحضور
console-rc-loading = جارٍ تحميل عمليات تفقّد الحضور…
console-rc-help = عند إخلاء المبنى: يمسح المشرفون عند نقاط التجمع تصاريح الزوار ببوابة مقترنة («تفقّد الحضور» على البوابة)، أو يسجّلون الأسماء يدويًا. يُعرض أولًا كل من لم يُعثر عليه بعد.
console-rc-start-form = بدء تفقّد الحضور
console-rc-start = بدء تفقّد الحضور
console-rc-who = مَن
console-rc-who-help = القائمة هي كل من في الداخل الآن: في المناطق، ومن دخلوا اليوم عبر بوابات لا منطقة لها.
console-rc-scope-everyone = الجميع، كل المواقع
console-rc-scope-all = كل المواقع
console-rc-scope-site = الموقع { $site }
console-rc-scope-zone = المنطقة { $zone }
console-rc-count =
    { $count ->
        [zero] لا عمليات تفقّد.
        [one] عملية تفقّد واحدة.
        [two] عمليتا تفقّد.
        [few] { $count } عمليات تفقّد.
        [many] { $count } عمليةَ تفقّد.
       *[other] { $count } عمليةِ تفقّد.
    }
console-rc-none = لا عمليات تفقّد بعد.
console-rc-table = عمليات تفقّد الحضور
console-rc-started-by = { $time } بواسطة { $who }
console-rc-safe-of = { $safe } من { $inside }
console-rc-in-progress = جارٍ
console-rc-ended = انتهى
console-rc-filter-all = الجميع
console-rc-title = تفقّد الحضور: { $scope }
console-rc-meta-active = بدأ { $time } بواسطة { $who } · جارٍ
console-rc-meta-ended = بدأ { $time } بواسطة { $who } · انتهى { $endTime } بواسطة { $endWho }
console-rc-inside = في الداخل
console-rc-safe = بأمان
console-rc-unaccounted = مفقودون
console-rc-printed = طُبع في { $time } · المفقودون: { $unaccounted } من أصل { $inside }
console-rc-download-csv = تنزيل CSV
console-rc-export-failed = تعذّر تصدير القائمة ({ $status }).
console-rc-export-network = تعذّر الوصول إلى الخادم لتصدير القائمة.
console-rc-print = طباعة
console-rc-end = إنهاء تفقّد الحضور
console-rc-end-confirm = نعم، أنهِه وأرشِف التقرير
console-rc-mark-safe = تسجيل بأمان
console-rc-mark-safe-label = تسجيل بأمان: { $name }
console-rc-walk-in = (زيارة دون موعد)
console-rc-marked-by-hand = { $who } (يدويًا)
console-rc-marked-by-scan = { $who } (بالمسح)
console-rc-nobody-here = لا أحد في هذا العرض.
console-rc-nobody-inside = لم يكن أحد مسجَّلًا في الداخل عند بدء تفقّد الحضور.
console-rc-not-found = لا توجد عملية تفقّد بهذا المعرّف.
console-back-rollcalls = → كل عمليات تفقّد الحضور
console-rc-people = الأشخاص في تفقّد الحضور
console-nodes = خوادم المواقع
console-nodes-help = يسمح خادم الموقع بدخول تصاريح موقعه ما دام يحمل تفويض الموقع، حتى إذا انقطع اتصال المقر بهذا الخادم. تُقرأ القائمة من جديد كل 5 ثوانٍ.
console-nodes-loading = جارٍ تحميل خوادم المواقع…
console-nodes-updated = آخر تحديث: { $time }.
console-nodes-count =
    { $count ->
        [zero] لا خوادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [one] خادم واحد؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [two] خادمان؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [few] { $count } خوادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [many] { $count } خادمًا؛ بتفويض: { $holding }، متأخرة: { $overdue }.
       *[other] { $count } خادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
    }
console-nodes-none = لا توجد خوادم مواقع.
console-nodes-none-help = يمكن للمقر الذي قد ينقطع اتصاله بهذا الخادم أثناء ذروة الدخول أن يشغّل خادمًا: راجع docs/operations.md، قسم «On-site node».
console-col-node = الخادم
console-col-lease-ends = نهاية التفويض
console-col-sync-lag = تأخر الإرسال
console-col-shipped-through = أُرسل حتى
console-node-state-holding = يحمل التفويض
console-node-state-starting = قيد البدء
console-node-state-overdue = متأخر
console-node-state-idle = خامل
console-node-state-reclaimed = مُستعاد
console-node-state-revoked = مُبطَل
console-node-state-holding-help = يحمل تفويض الموقع: هو وحده يسمح بدخول تصاريح الموقع، وهذا الخادم يرفضها.
console-node-state-starting-help = مُنح تفويضه لكنه لم يسرِ بعد: يبدأ بعد أن تنتهي كل التحديات السابقة.
console-node-state-overdue-help = انتهى تفويضه دون تجديد: الاتصال أو خادم الموقع متوقف. يظل هذا الخادم يرفض تصاريح الموقع حتى يُعاد التفويض أو يُستعاد.
console-node-state-idle-help = لا يحمل تفويضًا: هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-state-reclaimed-help = استعاد مشرف تفويضه: لا يمكنه أخذ تفويض الموقع من جديد حتى يسمح له مشرف («السماح بالتفويض من جديد»). هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-state-revoked-help = أُبطل نهائيًا: لم يعد رمزه يعمل ولا يأخذ أي تفويض. هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-states = معنى الحالات
console-node-when = { $time } ({ $relative })
console-node-no-lease = لا تفويض
console-node-never = أبدًا
console-node-nothing-shipped = لا شيء بعد
console-node-revoked-at = أُبطل { $when }
console-node-revoked-no-lease = مُبطَل
console-node-blocked-at = استُعيد { $when }: ينتظر مشرفًا
console-node-blocked = استُعيد: ينتظر مشرفًا
console-node-lag = { $seconds } ث
console-node-reclaim = استعادة التفويض
console-node-reclaim-label = استعادة التفويض: { $label }
console-node-reclaim-confirm = نعم، استعِد التفويض
console-node-reclaim-confirm-label = نعم، استعِد التفويض: { $label }
console-node-reclaim-help = لا تستعِد تفويض خادم موقع إلا إذا فُقد نهائيًا: عندها يعود هذا الخادم إلى السماح بدخول الموقع، وقد يُسمح مرة ثانية بدخول تصريح سمح به خادم الموقع ولم يُبلغ عنه. تُسجَّل كل استعادة في سجل التدقيق بخطورة مرتفعة.
console-node-reclaimed = استُعيد تفويض { $label }: يسمح هذا الخادم بدخول تصاريح الموقع من جديد.
console-node-revoke-help = أبطِل خادم الموقع الذي خرج من الخدمة أو ربما سُرق رمزه: يتوقف رمزه عن العمل فورًا وينتهي تفويضه، نهائيًا. «رمز جديد» يستبدل رمز الخادم: يتوقف القديم عن العمل فورًا. بعد الاستعادة، لا يأخذ الخادم تفويض الموقع من جديد إلا بعد أن يضغط مشرف «السماح بالتفويض من جديد». يُسجَّل كل ذلك في سجل التدقيق.
console-node-revoke = إبطال
console-node-revoke-label = إبطال الخادم: { $label }
console-node-revoke-confirm = نعم، أبطِل الخادم
console-node-revoke-confirm-label = نعم، أبطِل الخادم: { $label }
console-node-revoked = أُبطل { $label }: لم يعد رمزه يعمل وانتهى تفويضه.
console-node-rotate = رمز جديد
console-node-rotate-label = رمز جديد: { $label }
console-node-rotate-confirm = نعم، أنشئ رمزًا جديدًا
console-node-rotate-confirm-label = نعم، أنشئ رمزًا جديدًا: { $label }
console-node-rotated = أُنشئ رمز جديد لـ { $label }: توقف الرمز القديم عن العمل.
console-node-token-title = رمز جديد لـ { $label }
console-node-token-help = توقف الرمز القديم عن العمل فورًا: يُرفض الخادم حتى يحتوي ملف رمزه على هذا الرمز ويُعاد تشغيله. انسخه الآن: لن يُعرض إلا هذه المرة.
console-node-token = رمز الخادم
console-node-token-hide = إخفاء الرمز
console-node-resume = السماح بالتفويض من جديد
console-node-resume-label = السماح بالتفويض من جديد: { $label }
console-node-resumed = يمكن لـ { $label } أن يأخذ تفويض الموقع من جديد.
console-signin-view = تسجيل الدخول
console-sso = تسجيل الدخول الموحّد
console-sso-help = دع الموظفين يسجّلون الدخول عبر موفّر الهوية الخاص بمؤسستك (OpenID Connect). راجع docs/sign-in.md لإعداد Keycloak وEntra ID وGoogle.
console-sso-form = إعدادات تسجيل الدخول الموحّد
console-sso-issuer = عنوان URL للجهة المُصدِرة
console-sso-issuer-help = تمامًا كما يسمّي موفّر الهوية نفسه (يُجلب مستند الاكتشاف الخاص به عند الحفظ).
console-sso-client-id = معرّف العميل
console-sso-client-secret = سر العميل
console-sso-secret-help = مطلوب في المرة الأولى؛ يُخزَّن مختومًا ولا يُعرض مرة أخرى أبدًا.
console-sso-secret-stored = هناك سر مخزَّن. اترك هذا الحقل فارغًا للإبقاء عليه.
console-sso-domains = نطاقات البريد المسموح بها
console-sso-domains-help = مفصولة بفواصل، بتطابق تام. فارغ: كل من يضمنه موفّر الهوية.
console-sso-role-claim = مطالبة الدور
console-sso-role-claim-help = مطالبة رمز المعرّف (ID token) التي تمنح قيمُها الأدوار: groups أو roles أو مسار مثل realm_access.roles.
console-sso-role-map = قيم المطالبة التي تمنح كل دور (مفصولة بفواصل؛ الأقوى تطابقًا يفوز، ومن لا يطابق شيئًا يُرفض)
console-sso-role-admins = المسؤولون
console-sso-role-security = الأمن
console-sso-role-auditors = المدققون
console-sso-role-issuers = المُصدِرون
console-sso-role-hosts = المضيفون
console-sso-key-sign-in = يمكن للموظفين أيضًا تسجيل الدخول إلى هذه الصفحات بمفتاح API
console-sso-save = حفظ
console-sso-issuer-missing = أدخل عنوان URL للجهة المُصدِرة ومعرّف العميل.
console-sso-role-map-missing = اربط قيمة مطالبة واحدة على الأقل بدور، وإلا فلن يتمكن أحد من تسجيل الدخول.
console-sso-saved = تم الحفظ. سجّل العناوين أدناه لدى موفّر الهوية.
console-sso-redirect-uri = عنوان URI لإعادة التوجيه
console-sso-logout-uri = عنوان URI لتسجيل الخروج عبر القناة الخلفية
console-sso-post-logout-uri = عنوان URI لإعادة التوجيه بعد تسجيل الخروج
console-sso-sign-in-link = رابط تسجيل الدخول للموظفين
console-sessions = الجلسات النشطة
console-sessions-loading = جارٍ تحميل الجلسات…
console-sessions-count =
    { $count ->
        [zero] لا جلسات نشطة.
        [one] جلسة نشطة واحدة.
        [two] جلستان نشطتان.
        [few] { $count } جلسات نشطة.
        [many] { $count } جلسةً نشطة.
       *[other] { $count } جلسةٍ نشطة.
    }
console-session-end = إنهاء
console-session-end-label = إنهاء جلسة { $who }
console-session-api-key = مفتاح API
console-manage = الإدارة
console-issue-label = الزائر (اسم التصريح)
console-issue-site = الموقع
console-issue-site-help = اختياري: لا تقبل التصريحَ إلا بوابات هذا الموقع.
console-issue-from = صالح من
console-issue-from-help = فارغ: من الآن.
console-issue-until = صالح حتى
console-issue-uses = مرات الاستخدام
console-issue-submit = إصدار التصريح
console-issue-label-missing = أدخل اسم صاحب التصريح.
console-issue-until-missing = أدخل تاريخ انتهاء صلاحية التصريح.
console-issue-uses-invalid = يجب أن يكون عدد مرات الاستخدام عددًا صحيحًا من 1 إلى 100000.
console-issued-for = صدر تصريح لـ { $label }
console-issued-help = أرسل إلى الزائر رابط الاستلام هذا (أو دعه يمسح الرمز). يضيف التصريح إلى محفظة واحدة فقط.
console-claim-qr = رمز QR لرابط الاستلام
console-claim-link = رابط الاستلام
console-open-pass = فتح التصريح
console-gate-label = اسم البوابة
console-gate-label-help = ما يقرؤه الحراس والمدققون، مثل «المدخل الشمالي».
console-gate-site = الموقع
console-gate-site-help = اختياري: تقبل البوابة تصاريح هذا الموقع (والتصاريح التي لا موقع لها).
console-create-gate-submit = إنشاء البوابة
console-gate-label-missing = أدخل اسمًا للبوابة.
console-gate-created = أُنشئت البوابة «{ $label }»
console-gate-created-help = اقرن بها جهازًا لوحيًا: أنشئ رابط اقتران وافتحه على الجهاز اللوحي.
console-open-gate = فتح البوابة
console-device-token-summary = رمز الجهاز لبوابة أصلية (يُعرض مرة واحدة)
console-device-token = رمز الجهاز
gate-title = بوابة Tessera
gate-loading = جارٍ فتح البوابة…
gate-pairing-title = جارٍ ربط هذا الجهاز…
gate-pairing-text = يصبح هذا الجهاز بوابة. لا حاجة إلى كتابة أي شيء.
gate-pairing-network = تعذّر الوصول إلى الخادم لربط هذا الجهاز. تحقّق من الشبكة، ثم حاول مرة أخرى.
gate-pairing-rate-limited = محاولات ربط كثيرة جدًا من هذا الجهاز. انتظر دقيقة، ثم افتح الرابط مرة أخرى.
gate-pairing-invalid = رابط الربط هذا استُخدم من قبل أو انتهت صلاحيته. اطلب رابطًا جديدًا.
gate-pairing-refused = رفض الخادم الربط ({ $code }). اطلب رابطًا جديدًا.
gate-pairing-refused-title = رُفض الربط
gate-try-again = إعادة المحاولة
gate-continue-as = المتابعة باسم { $gate }
gate-continue-as-this = المتابعة بهذه البوابة
gate-unreachable = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
gate-unavailable-title = البوابة غير متاحة
gate-start-failed = تعذّر تشغيل البوابة: { $error }
gate-not-paired-title = غير مربوط
gate-not-paired-text = هذا الجهاز ليس بوابة (أو لم يعد كذلك). لجعله بوابة، اطلب من مسؤول الموقع رابط ربط وافتحه على هذا الجهاز.
gate-not-paired-hint = يعمل رابط الربط مرة واحدة ولمدة 10 دقائق. لا حاجة إلى كتابة أي شيء.
gate-not-paired-revoked = لم يعد هذا الجهاز مربوطًا كبوابة (أُلغي ربطه، أو رُبط جهاز آخر مكانه).
gate-label-fallback = بوابة
gate-status-connecting = جارٍ الاتصال
gate-status-online = متصل
gate-status-offline = غير متصل
gate-counters-label = عدّادات وردية اليوم
gate-counters-title = اليوم
gate-count-admitted =
    { $count ->
       *[other] دخول
    }
gate-count-admitted-title = مَن سُمح لهم بالدخول اليوم
gate-count-already =
    { $count ->
       *[other] عودة
    }
gate-count-already-title = مَن عادوا اليوم (دخلوا سابقًا)
gate-count-denied =
    { $count ->
       *[other] رفض
    }
gate-count-denied-title = مَن رُفضوا اليوم
gate-muster-toggle = تفقّد الحضور
gate-muster-toggle-back = العودة إلى الدخول
gate-offline-connecting = غير متصل — جارٍ الاتصال بالخادم…
gate-offline-reconnecting = غير متصل — لا تسمح بدخول أحد. إعادة الاتصال خلال { $seconds } ث…
gate-scanner-panel-label = الماسح
gate-camera-label = صورة الكاميرا
gate-camera-on = الكاميرا تعمل: ضع رمزًا أمامها.
gate-camera-refused = رُفض الوصول إلى الكاميرا. اسمح باستخدام الكاميرا لهذا الموقع، أو استخدم ماسحًا يدويًا.
gate-camera-none = تعذّر تشغيل أي كاميرا. استخدم ماسحًا يدويًا.
gate-camera-on-back = الكاميرا الخلفية تعمل: ضع رمزًا أمامها.
gate-camera-back = الكاميرا الخلفية
gate-scanner-label = إدخال الماسح اليدوي
gate-ready-title = جاهز للمسح
gate-ready-text = ضع رمز التصريح أمام الكاميرا.
gate-muster-ready-title = تفقّد الحضور: امسح لتسجيل السلامة
gate-muster-ready-text = ضع رمز التصريح أمام الكاميرا. لا يُسمح بدخول أحد ما دام تفقّد الحضور معروضًا على هذه الشاشة.
gate-checking-code = جارٍ التحقق من الرمز…
gate-checking-answer = جارٍ التحقق من الإجابة…
gate-code-on-way = الرمز في طريقه إلى الخادم.
gate-answer-on-way = { $visitor }: إجابة الهاتف في طريقها إلى الخادم.
gate-answer-on-way-anonymous = إجابة الهاتف في طريقها إلى الخادم.
gate-offline-kept = سيُحفَظ ذلك ويُرسَل عند عودة الاتصال: لا تسمح بالدخول بعد.
gate-challenge-title = وجّه هاتفك نحو هذه الشاشة
gate-challenge-qr-label = رمز تحقق البوابة لمحفظة الزائر
gate-challenge-then = تجيب محفظتك من تلقاء نفسها. إن لم تفعل: اضغط «مسح رمز البوابة» في المحفظة ووجّهها إلى هذه الشاشة، ثم اعرض إجابتها أمام الكاميرا.
gate-countdown = أجب خلال { $seconds } ث
gate-countdown-over = انتهى الوقت
gate-party-challenge-title = مجموعة من { $count }: وجّه هاتفك نحو هذه الشاشة
gate-party-challenge-qr-label = رمز تحقق البوابة لمجموعة من { $count }، لمحفظة الزائر
gate-codes-on-way = رموز المجموعة في طريقها إلى الخادم.
gate-answers-on-way = إجابات المجموعة في طريقها إلى الخادم.
gate-more-waiting =
    { $count ->
        [zero] لا أحد آخر بانتظار الإجابة
        [one] زائر آخر بانتظار الإجابة
        [two] زائران آخران بانتظار الإجابة
        [few] { $count } زوار آخرين بانتظار الإجابة
        [many] { $count } زائرًا آخر بانتظار الإجابة
       *[other] { $count } زائر آخر بانتظار الإجابة
    }
gate-no-storage = لا يسمح هذا المتصفح للبوابة بحفظ سجلها: إعادة التحميل تُفقد عمليات المسح الجارية.
gate-journal-foreign = السجل يخص بوابة أخرى؛ أعد تحميل الصفحة.
gate-journal-failed = تعذّر على البوابة حفظ سجلها ({ $error }). أعد تحميل الصفحة.
gate-clock-skew = تختلف ساعة هذا الجهاز عن ساعة الخادم بمقدار { $seconds } ث.
gate-duplicate = الرمز نفسه مرة أخرى: بانتظار إجابة الهاتف.
gate-scan-queued = غير متصل: المسح ينتظر ويُرسَل عند عودة الاتصال.
gate-answer-queued = غير متصل: الإجابة تنتظر وتُرسَل عند عودة الاتصال.
gate-ignored = تم التجاهل: { $why }.
gate-rejected-too-long = السطر طويل جدًا
gate-rejected-challenge = هذا رمز تحقق البوابة؛ يجب أن تجيب عنه محفظة الزائر
gate-rejected-not-tessera = ليس رمز Tessera (المتوقع { "\\u2066" }TSR1:…{ "\\u2069" } أو { "\\u2066" }TSR1P:…{ "\\u2069" } أو { "\\u2066" }TSR1R:…{ "\\u2069" } أو { "\\u2066" }TSR1S:…{ "\\u2069" })
gate-rejected-unreadable = إجابة محفظة غير مقروءة ({ "\\u2066" }TSR1R:…{ "\\u2069" })؛ امسحها مرة أخرى
gate-rejected-no-challenge = لا يوجد تحقق مفتوح لهذا التصريح؛ امسح رمز الزائر أولًا
gate-rejected-party-unreadable = رمز مجموعة أو إجابة مجموعة غير مقروءة ({ "\\u2066" }TSR1P:…{ "\\u2069" } أو { "\\u2066" }TSR1S:…{ "\\u2069" })؛ امسحه مرة أخرى
gate-server-busy = الخادم مشغول ({ $code })؛ ستُعاد المحاولة.
gate-server-refused = رفض الخادم هذا ({ $code }).
gate-server-refused-reason = رفض الخادم هذا ({ $code }): { $reason }
gate-unanswered = لم تصل إجابة من { $visitor } في الوقت المحدد: أُغلق المسح. امسح الرمز مرة أخرى.
gate-unanswered-phone = لم تصل إجابة من الهاتف في الوقت المحدد: أُغلق المسح. امسح الرمز مرة أخرى.
gate-abandoned = أُسقط مسحٌ أُجري دون اتصال (أصبح رمزه قديمًا جدًا). امسح مرة أخرى.
gate-word-admitted = مسموح بالدخول
gate-word-already-admitted = دخل سابقًا
gate-word-denied = مرفوض
gate-word-please-wait = يُرجى الانتظار
gate-word-approved = تمت الموافقة
gate-word-no-answer = لا رد
gate-word-safe = بأمان
gate-word-already-safe = مسجَّل بأمان سابقًا
gate-word-not-marked = لم يُسجَّل
gate-word-not-checked = لم يُفحص
gate-strip-heading = آخر القرارات
gate-strip-unnamed = زائر
gate-strip-why = { $reason } ({ $code })
gate-party-person = الشخص { $n } من { $count }
gate-party-unanswered = لا رد — لم يُجب الهاتف عن هذا التصريح في الوقت المحدد
gate-party-not-checked = لم يُفحص — لم يُفحص هذا التصريح؛ امسحه مرة أخرى
gate-party-all = يمكن للجميع ({ $count }) الدخول
gate-party-all-already = دخل الجميع ({ $count }) من قبل
gate-party-none = لا يمكن لأحد من هذه المجموعة ({ $count }) الدخول
gate-party-some = اسمح بدخول { $admitted } من { $count }
gate-party-some-detail = أوقف الآخرين: كل سطر يذكر السبب.
gate-verdict-denied = مرفوض — { $reason } ({ $code })
gate-verdict-not-marked = لم يُسجَّل — { $reason } ({ $code })
gate-verdict-hint = اضغط للمتابعة
gate-replayed = أُكِّد مجددًا بعد فقدان إجابة
gate-first-entry =
    أول دخول الساعة { $time } ({ $ago }) { $where ->
        [this] عند هذه البوابة
        [another] عند بوابة أخرى
       *[named] عند { $gate }
    }
gate-first-entry-earlier =
    أول دخول في وقت سابق { $where ->
        [this] عند هذه البوابة
        [another] عند بوابة أخرى
       *[named] عند { $gate }
    }
gate-same-phone = الهاتف نفسه كما في الدخول الأول: اسمح بالمرور فقط إن خرج الشخص ثم عاد
gate-hold-detail = الموظفون في الطريق. أبقِ الزائر هنا؛ لا تسمح له بالمرور.
gate-stale-detail = عمر الرمز { $seconds } ث. اطلب عرض المحفظة مباشرة.
gate-future-detail = الرمز متقدّم بمقدار { $seconds } ث. يجب تصحيح ساعة الهاتف.
gate-safe-detail = سُجِّل بأمان عند نقطة التجمع هذه
gate-marked-safe = سُجِّل بأمان
gate-marked-safe-by = سُجِّل بأمان بواسطة { $by }
gate-marked-safe-at = سُجِّل بأمان الساعة { $time } ({ $ago })
gate-marked-safe-at-by = سُجِّل بأمان الساعة { $time } ({ $ago }) بواسطة { $by }
gate-ago-earlier = في وقت سابق
gate-ago-now = الآن
gate-ago-seconds = منذ { $seconds } ث
gate-ago-minutes = منذ { $minutes } د
gate-ago-hours = منذ { $hours } س { $minutes } د
gate-ago-date = بتاريخ { $date }
reason-malformed-code = ليس رمز Tessera
reason-unknown-pass = تصريح غير معروف
reason-not-claimed = لم يُضَف التصريح إلى محفظة بعد
reason-bad-code = رمز خاطئ، مزوَّر أو من هاتف آخر
reason-stale-code = رمز قديم، لقطة شاشة؟
reason-future-code = رمز من المستقبل، ساعة الهاتف خاطئة
reason-revoked = ألغت الجهة المُصدِرة التصريح
reason-expired = انتهت صلاحية التصريح
reason-not-yet-valid = التصريح غير صالح بعد
reason-wrong-site = التصريح لموقع آخر
reason-code-replayed = الرمز استُخدم عند بوابة أخرى، نسخة؟
reason-challenge-expired = أجاب الهاتف متأخرًا، امسح مرة أخرى
reason-bad-response = إجابة خاطئة، ليس هاتف صاحب التصريح؟ دعه يحاول مرة أخرى
reason-challenge-burned = إجابات خاطئة كثيرة جدًا، امسح مرة أخرى
reason-foreign-nonce = الإجابة تخص مسحًا عند بوابة أخرى
reason-unknown-nonce = تحقق غير معروف، امسح مرة أخرى
reason-not-inside = ليس داخل هذه المنطقة، لا شيء لمغادرته
reason-zone-not-allowed = التصريح غير صالح لهذه المنطقة
reason-already-inside = موجود داخل هذه المنطقة بالفعل
reason-reentry-not-allowed = لا يُسمح بالعودة بعد مغادرة هذه المنطقة
reason-entry-limit = لم تتبقَّ مرات دخول اليوم لهذه المنطقة
reason-see-staff = يُرجى الانتظار: الموظفون في الطريق
reason-no-roll-call = لا يوجد تفقّد حضور جارٍ لهذه البوابة
reason-not-on-roll-call = ليس على قائمة تفقّد الحضور (غير مسجَّل في الداخل)
reason-site-delegated = يُقرَّر في مكان آخر (خادم الموقع أو الخادم المركزي)
reason-other = رفضه الخادم
gate-walkins-heading = زيارات دون موعد
gate-walkin-open = زيارة دون موعد
gate-walkins-empty = زائر دون تصريح؟ اضغط «زيارة دون موعد» لسؤال مضيفه.
gate-walkin-list-label = طلبات الزيارات دون موعد
gate-walkin-done = تم
gate-walkin-done-label = تم: { $name }
gate-walkin-for = لزيارة { $host }
gate-host-unknown = المضيف
gate-host-flat = شقة { $unit }
gate-line-asking = جارٍ سؤال المضيف…
gate-line-offline = غير متصل: يُرسَل عند عودة الاتصال. لا تسمح بالدخول بعد.
gate-line-waiting = بانتظار رد المضيف
gate-line-waiting-left = بانتظار رد المضيف · متبقٍّ { $left }
gate-line-waiting-up = بانتظار رد المضيف · انتهى الوقت، جارٍ التحقق…
gate-line-denied = رفض { $host }
gate-line-expired = لم يرد { $host } في الوقت المحدد
gate-line-failed = لم يُرسَل: رفضه الخادم ({ $code })
gate-line-failed-reason = لم يُرسَل: رفضه الخادم ({ $code }): { $reason }
gate-walkin-busy = الخادم مشغول ({ $code })؛ سيُسأل المضيف مجددًا بعد قليل.
gate-walkin-refused = رفض الخادم الزيارة دون موعد لـ { $visitor } ({ $code }).
gate-walkin-too-many = هناك زيارات دون موعد كثيرة جدًا بانتظار الرد.
gate-walkin-title = زائر دون موعد
gate-walkin-intro = يُسأل المضيف على هاتفه، ويظهر الرد هنا.
gate-walkin-name = اسم الزائر
gate-walkin-host = المضيف (الاسم أو الشقة)
gate-walkin-note = ملاحظة للمضيف (اختيارية)
gate-walkin-submit = اسأل المضيف
gate-cancel = إلغاء
gate-hosts-label = المضيفون الذين عُثر عليهم
gate-walkin-asking = المضيف المختار: { $host }
gate-host-searching = جارٍ البحث…
gate-host-search-network = تعذّر الوصول إلى الخادم للبحث عن المضيفين.
gate-host-search-failed = فشل البحث عن المضيفين ({ $code }).
gate-hosts-found =
    { $count ->
        [zero] لا يوجد مضيفون
        [one] مضيف واحد: اختره.
        [two] مضيفان: اختر أحدهما.
        [few] { $count } مضيفين: اختر واحدًا.
        [many] { $count } مضيفًا: اختر واحدًا.
       *[other] { $count } مضيف: اختر واحدًا.
    }
gate-hosts-found-matching =
    { $count ->
        [zero] لا يوجد مضيف يطابق «{ $query }».
        [one] مضيف واحد يطابق «{ $query }»: اختره.
        [two] مضيفان يطابقان «{ $query }»: اختر أحدهما.
        [few] { $count } مضيفين يطابقون «{ $query }»: اختر واحدًا.
        [many] { $count } مضيفًا يطابقون «{ $query }»: اختر واحدًا.
       *[other] { $count } مضيف يطابقون «{ $query }»: اختر واحدًا.
    }
gate-hosts-none = لا يوجد مضيف يطابق «{ $query }».
gate-problem-name-missing = أدخل اسم الزائر.
gate-problem-name-long = الاسم طويل جدًا (بحد أقصى { $max } حرف).
gate-problem-name-unprintable = يحتوي الاسم على أحرف لا يمكن طباعتها.
gate-problem-host = اختر المضيف الذي يطلبه الزائر.
gate-problem-note-long = الملاحظة طويلة جدًا (بحد أقصى { $max } حرف).
gate-problem-note-unprintable = تحتوي الملاحظة على أحرف لا يمكن طباعتها.
gate-walkin-approved-by = وافق { $host }
gate-walkin-let-in = { $name }: اسمح بالدخول
gate-walkin-refused-by = رفض { $host }. لا تسمح بالدخول.
gate-walkin-no-answer-detail = لم يرد { $host }. لا تسمح بالدخول؛ اسأل مجددًا أو اتصل بالمضيف.
gate-walkin-verdict-denied = مرفوض — رفض المضيف ({ $code })
gate-walkin-verdict-no-answer = لا رد — لم يرد المضيف في الوقت المحدد ({ $code })
gate-muster-title = تفقّد الحضور: { $scope }
gate-scope-all = جميع المواقع
gate-scope-site = موقع { $site }
gate-scope-zone = منطقة { $zone }
gate-muster-help = امسح تصريح الشخص لتسجيله بأمان: يجب أن يجيب هاتفه، كما عند البوابة. لا يُسمح بدخول أحد. أو سجّل اسمًا يدويًا.
gate-muster-search = ابحث عن اسم
gate-muster-list-label = الأشخاص في تفقّد الحضور
gate-muster-counts = { $safe } من { $inside } بأمان · { $unaccounted } لم يُرَوا بعد
gate-person-safe = بأمان
gate-person-safe-by = بأمان · سجّله { $by }
gate-person-sending = بأمان · جارٍ الإرسال…
gate-person-queued = بأمان · يُرسَل عند عودة الاتصال
gate-person-missing = لم يُرَ بعد · آخر ظهور: { $place }
gate-person-missing-walk-in = لم يُرَ بعد · زائر دون تصريح، دخل عند: { $place }
gate-mark-safe = تسجيل بأمان
gate-mark-safe-label = تسجيل بأمان: { $name }
gate-muster-empty = لم يُسجَّل أحد في الداخل.
gate-muster-no-match = لا أحد في القائمة يطابق «{ $query }».
gate-muster-ended = انتهى تفقّد الحضور: العودة إلى الدخول.
gate-mark-save-failed = تعذّر حفظ التسجيل على هذا الجهاز ({ $error }).
gate-mark-refused = لم يُسجَّل { $name }: { $code }.
gate-mark-refused-ended = لم يُسجَّل { $name }: انتهى تفقّد الحضور.
`,de:`# The language's name in itself, as the switcher lists it.
language-name = Deutsch
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr
common-language = Sprache
common-times-in-zone = Uhrzeiten in Ortszeit des Standorts ({ $zone }).
common-sso-email = Geschäftliche E-Mail-Adresse
common-sso-email-help = Sie melden sich auf der Anmeldeseite Ihrer Organisation an und kehren dann hierher zurück.
common-sso-continue = Mit Single Sign-on fortfahren
common-sso-email-invalid = Geben Sie Ihre geschäftliche E-Mail-Adresse ein, z. B. ada@example.com.
common-sso-title = Mit Ihrer Organisation anmelden
error-other = Der Server hat dies abgelehnt ({ $code }).
error-unauthorized = Sie sind nicht angemeldet, oder Ihr Schlüssel ist nicht mehr gültig.
error-forbidden = Dieser Schlüssel ist dafür nicht berechtigt.
error-key-sign-in-off = Die Anmeldung mit einem Schlüssel ist hier deaktiviert: Bitte verwenden Sie Single Sign-on.
error-not-found = Nicht gefunden.
error-invalid-claim = Dieser Link funktioniert nicht: Er wurde bereits verwendet, ersetzt oder falsch eingegeben.
error-invalid-pairing = Dieser Kopplungslink wurde bereits verwendet oder ist abgelaufen.
error-already-claimed = Dieser Ausweis befindet sich bereits in einer anderen Wallet.
error-revoked = Dieser Ausweis wurde storniert.
error-invalid-public-key = Der Schlüssel der Wallet wurde abgelehnt.
error-bad-request = Die Anfrage wurde nicht verstanden.
error-payload-too-large = Die Daten sind zu groß zum Senden.
error-rate-limited = Zu viele Versuche: Bitte warten Sie einen Moment und versuchen Sie es dann erneut.
error-refused-by-policy = Die Regeln der Organisation lassen das nicht zu.
error-already-acknowledged = Dieser Alarm wurde bereits von jemandem quittiert.
error-already-resolved = Dieser Alarm wurde bereits abgeschlossen.
error-not-permitted = Für diese Person ist das nicht möglich. Bitte wenden Sie sich an das Personal.
error-invalid-field = Ein Feld fehlt oder ist ungültig.
error-storage-unavailable = Der Server kann seine Datenbank gerade nicht erreichen: Bitte versuchen Sie es in Kürze erneut.
error-internal = Auf dem Server ist ein Fehler aufgetreten: Bitte versuchen Sie es erneut und informieren Sie das Personal, falls das Problem weiterhin besteht.
error-transfer-not-allowed = Dieser Ausweis kann nicht weitergegeben werden.
error-not-claimed = Dieser Ausweis ist noch in keiner Wallet.
error-request-id-reused = Diese Anfrage wurde bereits mit anderem Inhalt gesendet.
error-already-decided = Über diese Anfrage wurde bereits entschieden.
error-approval-timeout = Die Frist für eine Antwort auf diese Anfrage ist abgelaufen.
error-bad-proof = Diese Wallet konnte die Übertragung nicht nachweisen.
error-invalid-nonce = Der Übertragungslink ist abgelaufen: Bitte erstellen Sie einen neuen.
error-unknown-pass = Dieser Ausweis ist hier nicht bekannt.
error-key-revoked = Dieser Schlüssel wurde widerrufen: Bitte erstellen Sie stattdessen einen neuen.
error-last-admin-key = Der letzte Administratorschlüssel kann nicht widerrufen werden.
error-network = Keine Verbindung zum Server. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
audit-kind-scan = Scan
audit-kind-challenge-issued = Challenge ausgegeben
audit-kind-response = Antwort
audit-kind-challenge-unanswered = Challenge unbeantwortet
audit-kind-rate-limited = Gedrosselt
audit-kind-gate-connection-refused = Einlassverbindung abgelehnt
audit-kind-claim = Ausweis in Wallet aufgenommen
audit-kind-claim-rejected = Aufnahme in Wallet abgelehnt
audit-kind-claim-conflict = Konflikt bei Wallet-Aufnahme
audit-kind-pass-issued = Ausweis ausgestellt
audit-kind-pass-revoked = Ausweis storniert
audit-kind-api-key-created = API-Schlüssel erstellt
audit-kind-api-key-revoked = API-Schlüssel widerrufen
audit-kind-api-key-rotated = API-Schlüssel erneuert
audit-kind-gate-created = Einlass angelegt
audit-kind-auth-failure = Authentifizierung fehlgeschlagen
audit-kind-gate-pairing-created = Kopplungslink für Einlass erstellt
audit-kind-gate-paired = Einlass gekoppelt
audit-kind-gate-revoked = Einlass widerrufen
audit-kind-gate-connected = Einlass verbunden
audit-kind-gate-disconnected = Einlass getrennt
audit-kind-console-signed-in = Konsole: angemeldet
audit-kind-console-signed-out = Konsole: abgemeldet
audit-kind-retention = Aufbewahrungsfrist angewendet
audit-kind-host-created = Gastgeber angelegt
audit-kind-walk-in-requested = Spontanbesuch angefragt
audit-kind-walk-in-approved = Spontanbesuch genehmigt
audit-kind-walk-in-denied = Spontanbesuch abgelehnt
audit-kind-walk-in-expired = Spontanbesuch abgelaufen
audit-kind-pass-rebound = Ausweis neu gebunden
audit-kind-transfer-started = Übertragung gestartet
audit-kind-pass-transferred = Ausweis übertragen
audit-kind-transfer-rejected = Übertragung abgelehnt
audit-kind-webhook-created = Webhook erstellt
audit-kind-webhook-disabled = Webhook deaktiviert
audit-kind-webhook-enabled = Webhook aktiviert
audit-kind-webhook-secret-rotated = Webhook-Geheimnis erneuert
audit-kind-webhook-deleted = Webhook gelöscht
audit-kind-zone-created = Zone angelegt
audit-kind-zone-checkout = Zone verlassen
audit-kind-sso-configured = Single Sign-on eingerichtet
audit-kind-sso-removed = Single Sign-on entfernt
audit-kind-sso-sign-in-failed = Single-Sign-on-Anmeldung fehlgeschlagen
audit-kind-sso-sessions-ended = Single-Sign-on-Sitzungen beendet
audit-kind-sso-domain-changed = Anmeldedomäne geändert
audit-kind-session-ended = Sitzung beendet
audit-kind-message-queued = Nachricht eingereiht
audit-kind-message-sent = Nachricht gesendet
audit-kind-message-bounced = Nachricht unzustellbar
audit-kind-message-dead = Nachricht aufgegeben
audit-kind-message-expired = Nachricht verfallen
audit-kind-mail-settings-changed = E-Mail-Einstellungen geändert
audit-kind-alarm-acknowledged = Alarm quittiert
audit-kind-alarm-assigned = Alarm zugewiesen
audit-kind-alarm-resolved = Alarm abgeschlossen
audit-kind-watchlist-hit = Treffer auf der Beobachtungsliste
audit-kind-watchlist-entry-added = Eintrag zur Beobachtungsliste hinzugefügt
audit-kind-watchlist-entry-changed = Eintrag der Beobachtungsliste geändert
audit-kind-watchlist-entry-removed = Eintrag von der Beobachtungsliste entfernt
audit-kind-personal-data-exported = Personenbezogene Daten exportiert
audit-kind-personal-data-erased = Personenbezogene Daten gelöscht
audit-kind-privacy-settings-changed = Datenschutzeinstellungen geändert
audit-kind-locale-settings-changed = Sprach- und Zeitzoneneinstellungen geändert
audit-kind-roll-call-started = Anwesenheitskontrolle gestartet
audit-kind-roll-call-marked = Person bei Anwesenheitskontrolle erfasst
audit-kind-roll-call-ended = Anwesenheitskontrolle beendet
audit-kind-muster-scanned = Scan am Sammelpunkt
audit-kind-muster-refused = Scan am Sammelpunkt abgelehnt
audit-kind-site-node-created = Server vor Ort eingerichtet
audit-kind-site-lease-granted = Standort-Lease erteilt
audit-kind-site-lease-ended = Standort-Lease beendet
audit-kind-site-lease-extended = Standort-Lease vor Ort verlängert
audit-kind-site-conflict = Konflikt vor Ort
audit-kind-site-node-revoked = Server vor Ort widerrufen
audit-kind-site-node-token-rotated = neues Token für Server vor Ort
audit-kind-site-node-resumed = Server vor Ort darf wieder eine Lease nehmen
audit-kind-site-node-fault = Server vor Ort übertrug Abgelehntes
audit-severity-info = Info
audit-severity-warning = Warnung
audit-severity-high = Hoch
audit-by = { $what } — von { $who }
audit-resent = { $what } (erneut gesendet)
audit-on-site = { $what } (vor Ort)
audit-from-node = { $what } — vom Server { $node }
audit-node-revoked = Server { $node } widerrufen: Sein Token gilt nicht mehr
audit-node-token-rotated = neues Token für Server { $node }: Das alte gilt nicht mehr
audit-node-resumed = Server { $node } darf die Lease seines Standorts wieder nehmen
audit-node-fault =
    { $count ->
        [one] Server { $node } übertrug { $count } Eintrag, den dieser Server ablehnte
       *[other] Server { $node } übertrug { $count } Einträge, die dieser Server ablehnte
    }
audit-node-fault-why =
    { $count ->
        [one] Server { $node } übertrug { $count } Eintrag, den dieser Server ablehnte: { $reasons }
       *[other] Server { $node } übertrug { $count } Einträge, die dieser Server ablehnte: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = eine Art, die kein Server vor Ort erzeugt
audit-node-fault-malformed-details = Details in falscher Form
audit-node-fault-severity-too-high = ein für die Art zu hoher Schweregrad
audit-node-fault-foreign-gate = ein Einlass eines anderen Standorts
audit-node-fault-foreign-pass = ein Ausweis eines anderen Standorts
audit-node-fault-outside-lease = eine Zeit außerhalb seiner Leases
audit-node-fault-foreign-lease = eine Lease, die er nie hielt
audit-sso-refused = Single Sign-on abgelehnt: { $reason }
audit-sso-refused-detail = Single Sign-on abgelehnt: { $reason } ({ $detail })
audit-mail-queued = Ausweislink zum Versand eingereiht
audit-mail-queued-to = Ausweislink für { $to } zum Versand eingereiht
audit-mail-resent = Ausweislink erneut gesendet
audit-mail-resent-to = Ausweislink erneut an { $to } gesendet
audit-mail-sent = E-Mail gesendet
audit-mail-sent-to = E-Mail an { $to } gesendet
audit-mail-bounced = E-Mail unzustellbar
audit-mail-bounced-to = E-Mail an { $to } unzustellbar
audit-mail-bounced-error = E-Mail unzustellbar ({ $error })
audit-mail-bounced-to-error = E-Mail an { $to } unzustellbar ({ $error })
audit-mail-dead = E-Mail-Zustellung aufgegeben
audit-mail-dead-to = E-Mail-Zustellung an { $to } aufgegeben
audit-mail-dead-error = E-Mail-Zustellung aufgegeben ({ $error })
audit-mail-dead-to-error = E-Mail-Zustellung an { $to } aufgegeben ({ $error })
audit-mail-expired = E-Mail nicht gesendet: Der Ausweis ist vorher abgelaufen
audit-mail-expired-to = E-Mail nicht gesendet: Der Ausweis ist vorher abgelaufen ({ $to })
audit-sso-sessions-ended =
    Sitzungen vom Identitätsanbieter beendet ({ $cause ->
        [access_ended] Zugang entzogen
       *[other] dort abgemeldet
    })
audit-scan-denied = Scan abgelehnt: { $reason } — { $words }
audit-scan-resent = Scan erneut gesendet
audit-scan-refused = Scan zurückgewiesen: { $error }
audit-answer = Antwort
audit-answer-denied = Antwort abgelehnt: { $reason } — { $words }
audit-answer-refused = Antwort zurückgewiesen: { $error }
audit-outcome-admitted = Eingelassen
audit-outcome-already-admitted = Bereits eingelassen
audit-outcome-denied = Abgelehnt
audit-challenge-unanswered = Challenge unbeantwortet (ohne gültige Antwort abgelaufen)
audit-claim-conflict = claim_conflict — eine zweite Wallet wollte diesen Ausweis aufnehmen
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = über { $surface }
audit-detail = ({ $detail })
audit-claim-refused = Aufnahme in Wallet abgelehnt
audit-claim-refused-why = Aufnahme in Wallet abgelehnt ({ $reason })
audit-rate-limited = Gedrosselt
audit-rate-limited-frames =
    Gedrosselt: { $frames ->
        [one] { $frames } Frame
       *[other] { $frames } Frames
    }
audit-walk-in-requested = Spontanbesuch angefragt
audit-walk-in-approved = Spontanbesuch vom Gastgeber genehmigt: eingelassen
audit-walk-in-denied = Spontanbesuch vom Gastgeber abgelehnt
audit-walk-in-expired = Spontanbesuch abgelaufen: Der Gastgeber hat nicht rechtzeitig geantwortet
audit-pass-rebound = Ausweis an eine neue Wallet gebunden (die alte funktioniert nicht mehr)
audit-pass-transferred = Ausweis an eine neue Person übertragen
audit-gate-short = Einlass { $id }
audit-pass-short = Ausweis { $id }
audit-node-unknown = unbekannt
audit-clock-date = { $day }.{ $month }.{ $year } { $time }
audit-filter-gate-id = Der Einlass muss eine ID wie 0190c3e1-…-… sein; wählen Sie einen aus einer Liste oder fügen Sie die ID ein.
audit-filter-pass-id = Der Ausweis muss eine ID wie 0190c3e1-…-… sein; wählen Sie einen aus einer Liste oder fügen Sie die ID ein.
audit-filter-severity = Der Schweregrad muss „Info“, „Warnung“ oder „Hoch“ sein.
audit-filter-since-until = Der Beginn muss vor dem Ende liegen.
audit-alarms-filter-active = Offen und quittiert
audit-alarms-filter-open = Offen
audit-alarms-filter-acknowledged = Quittiert
audit-alarms-filter-resolved = Abgeschlossen
audit-alarms-filter-all = Alle
audit-alarm-outcome-confirmed = Bestätigt
audit-alarm-outcome-false-alarm = Fehlalarm
audit-alarm-outcome-duplicate = Duplikat
audit-alarm-outcome-no-action = Keine Maßnahme
audit-alarm-state-open = Offen
audit-alarm-acknowledged-by = Quittiert von { $who }
audit-alarm-acknowledged-by-someone = Von jemandem quittiert
audit-alarm-resolved-by =
    Abgeschlossen ({ $outcome ->
        [confirmed] bestätigt
        [false_alarm] Fehlalarm
        [duplicate] Duplikat
        [no_action] keine Maßnahme
       *[none] ohne Ergebnis
    }) von { $who }
audit-alarm-resolved-by-someone =
    Von jemandem abgeschlossen ({ $outcome ->
        [confirmed] bestätigt
        [false_alarm] Fehlalarm
        [duplicate] Duplikat
        [no_action] keine Maßnahme
       *[none] ohne Ergebnis
    })
console-title = Tessera-Sicherheitskonsole
console-opening = Konsole wird geöffnet…
console-try-again = Erneut versuchen
console-start-network = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk.
console-start-not-ready = Der Server ist noch nicht bereit (HTTP { $status }).
console-host-session = Sie sind auf diesem Gerät als Gastgeber angemeldet: Gastgeber nutzen /host. Melden Sie sich hier mit einem Administrator- oder Prüferschlüssel an.
console-signin-intro = Alarme, Einlässe, Ausweise und das Protokoll Ihrer Organisation.
console-signin-key = API-Schlüssel
console-signin-key-help = Ein Administrator- oder Prüferschlüssel. Er wird einmal gesendet, um eine Sitzung zu öffnen, und nicht auf diesem Gerät gespeichert.
console-signin-button = Anmelden
console-signin-key-missing = Geben Sie einen API-Schlüssel ein.
console-signin-host-key = Das ist ein Gastgeberschlüssel: Gastgeber nutzen die Gastgeberseite unter /host. Die Konsole ist für Administrator- und Prüferschlüssel.
console-signin-network = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
console-signin-not-accepted = Dieser API-Schlüssel wurde nicht akzeptiert. Prüfen Sie ihn und versuchen Sie es erneut.
console-signin-forbidden = Mit diesem Schlüssel lässt sich die Konsole nicht öffnen: Das geht nur mit Administrator- und Prüferschlüsseln (oder die Seite liegt nicht unter der eigenen Adresse des Servers).
console-signin-rate-limited = Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Warten Sie eine Minute und versuchen Sie es dann erneut.
console-signin-refused = Der Server hat die Anmeldung abgelehnt ({ $code }).
console-signed-out = Abgemeldet.
console-session-ended = Ihre Sitzung ist beendet. Melden Sie sich erneut an.
console-session-expired = Ihre Sitzung ist abgelaufen (eine Schicht). Melden Sie sich erneut an.
console-problem-network = Fehler beim { $action }: Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
console-problem-forbidden = Keine Berechtigung zum { $action } mit dieser Sitzung ({ $code }).
console-problem-not-found = Fehler beim { $action }: nicht gefunden.
console-problem-rate-limited = Zu viele Anfragen. Warten Sie eine Minute und versuchen Sie es dann erneut.
console-problem-status = Fehler beim { $action }: HTTP { $status }.
console-problem-refused = Fehler beim { $action }: { $reason }
console-invalid-field = Ein Feld fehlt oder ist ungültig ({ $field }).
console-action-sign-out = Abmelden
console-action-read-alarms = Abrufen des Alarmstands
console-action-read-pass-events = Abrufen der Ereignisse des Ausweises
console-action-acknowledge = Quittieren des Alarms
console-action-assign = Zuweisen des Alarms
console-action-resolve = Abschließen des Alarms
console-action-read-events = Abrufen des Ereignisprotokolls
console-action-read-gate = Abrufen des Einlasses
console-action-pair = Erstellen eines Kopplungslinks
console-action-revoke-gate = Sperren des Einlasses
console-action-list-passes = Auflisten der Ausweise
console-action-read-pass = Abrufen des Ausweises
console-action-revoke-pass = Stornieren des Ausweises
console-action-replay = erneuten Zustellen des Ereignisses
console-action-list-webhooks = Auflisten der Webhooks
console-action-list-dead-letters = Auflisten der unzustellbaren Ereignisse
console-action-resend = erneuten Senden des Links
console-action-list-messages = Auflisten der Nachrichten
console-action-read-watchlist = Abrufen der Beobachtungsliste
console-action-remove-entry = Entfernen des Eintrags
console-action-add-watchlist = Hinzufügen zur Beobachtungsliste
console-action-read-roll-calls = Abrufen der Anwesenheitskontrollen
console-action-start-roll-call = Starten der Anwesenheitskontrolle
console-action-mark-safe = Erfassen von { $name } als in Sicherheit
console-action-end-roll-call = Beenden der Anwesenheitskontrolle
console-action-read-roll-call = Abrufen der Anwesenheitskontrolle
console-action-save-sso = Speichern der Single-Sign-on-Einstellungen
console-action-list-sessions = Auflisten der Sitzungen
console-action-end-session = Beenden der Sitzung
console-action-read-sso = Abrufen der Single-Sign-on-Einstellungen
console-action-issue-pass = Ausstellen des Ausweises
console-action-create-gate = Anlegen des Einlasses
console-action-read-nodes = Abrufen der Server vor Ort
console-action-reclaim-lease = Zurückholen der Lease von { $label }
console-action-revoke-node = Widerrufen von { $label }
console-action-rotate-node = Erstellen eines neuen Tokens für { $label }
console-action-resume-node = Freigeben der Lease für { $label }
console-brand-sub = Sicherheitskonsole
console-sign-out = Abmelden
console-role =
    { $role ->
        [admin] Administrator
        [security] Sicherheitsdienst
        [auditor] Prüfer
        [issuer] Aussteller
        [host] Gastgeber
       *[other] { $role }
    }
console-feed-live = LIVE
console-feed-connecting = VERBINDE
console-feed-reconnecting = VERBINDE NEU
console-views = Ansichten
console-tab-alarms = Alarme
console-tab-events = Ereignisse
console-tab-gates = Einlässe
console-tab-nodes = Server vor Ort
console-tab-passes = Ausweise
console-tab-webhooks = Webhooks
console-tab-messages = Nachrichten
console-tab-watchlist = Beobachtungsliste
console-tab-rollcall = Anwesenheitskontrolle
console-tab-admin = Verwalten
console-tab-signin = Anmeldung
console-loading = Wird geladen…
console-load-more = Mehr laden
console-refresh = Aktualisieren
console-show = Anzeigen
console-cancel = Abbrechen
console-copy = Kopieren
console-copied = Kopiert.
console-copy-selected = Markiert: Drücken Sie Strg+C zum Kopieren.
console-timeline = Verlauf
console-timeline-loading = Verlauf wird geladen…
console-timeline-count =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    }, älteste zuerst; neue erscheinen, sobald sie geschehen.
console-timeline-of = Verlauf von { $pass }
console-tl-challenge-to = Challenge ausgegeben an { $gate }
console-actor-title = { $name }: { $subject } bei { $issuer }
console-alarms = Alarme
console-alarms-loading = Alarme werden geladen…
console-alarms-none-open = Keine offenen Alarme. Kopierte Zugangsdaten eines Einlasses (foreign_nonce), wiederverwendete Codes (code_replayed), verbrannte Challenges, Konflikte beim Hinzufügen und Treffer auf der Beobachtungsliste erscheinen hier binnen einer Sekunde.
console-alarms-none = Hier gibt es keine Alarme.
console-back-alarms = ← Alle Alarme
console-alarm-no-pass = kein Ausweis
console-alarm-no-gate = kein Einlass
console-alarm-at = bei { $gate }
console-alarm-from = von { $source }
console-alarm-from-node = vom Server { $node }
console-alarm-at-from-node = an { $gate }, vom Server { $node }
console-alarm-node = Server { $node }
console-alarm-challenge-of = Challenge von
console-alarm-first-used-at = Code zuerst verwendet bei
console-alarm-about-foreign-nonce = eine Antwort auf die Challenge eines anderen Einlasses: kopierte Zugangsdaten eines Einlasses?
console-alarm-about-code-replayed = ein Code, mit dem an einem anderen Einlass bereits jemand eingelassen wurde: eine Kopie?
console-alarm-about-challenge-burned = eine durch falsche Antworten verbrannte Challenge
console-alarm-about-claim-conflict = eine zweite Wallet wollte einen bereits hinzugefügten Ausweis übernehmen: ein weitergegebener Link?
console-alarm-about-watchlist-hit = eine Person der Beobachtungsliste an einem Einlass, oder ein für sie ausgestellter oder hinzugefügter Ausweis (siehe Beobachtungsliste)
console-alarm-about-auth-failure = fehlgeschlagene Authentifizierungen aus einer Quelle (für diese Organisation: eine Konsolensitzung ohne ihr CSRF-Token oder von einer anderen Website verwendet)
console-alarm-about-site-node-fault = ein Server vor Ort übertrug, was dieser Server ablehnte: ein gestohlenes Token oder ein fehlerhafter Server? Prüfen Sie ihn und widerrufen Sie ihn im Zweifel in der Ansicht „Server vor Ort“
console-alarm-gone = Dieser Alarm ist nicht mehr im Feed.
console-alarm-choose = Wählen Sie einen Alarm, um zu sehen, was damit geschehen ist, und den Verlauf des Ausweises: jeden Scan, jede Challenge und jede Antwort.
console-alarm-heading = Alarm { $id }
console-alarm-fact-alarm = Alarm
console-alarm-fact-state = Status
console-alarm-fact-assigned-to = Zugewiesen an
console-alarm-fact-when = Wann
console-alarm-fact-where = Wo
console-alarm-fact-shipped-by = Übertragen vom Server
console-alarm-fact-node = Server
console-alarm-fact-refused = Abgelehnt
console-alarm-fact-pass = Ausweis
console-alarm-fact-reason = Grund
console-alarm-acknowledge = Quittieren
console-alarm-assign = Zuweisen
console-alarm-assign-to = Zuweisen an
console-alarm-resolve = Abschließen
console-alarm-outcome = Ergebnis
console-alarm-note = Notiz
console-alarm-already-acknowledged-by = Dieser Alarm wurde bereits von { $name } quittiert.
console-alarm-already-acknowledged = Dieser Alarm wurde bereits quittiert.
console-alarm-already-resolved-by = Dieser Alarm wurde bereits von { $name } abgeschlossen.
console-alarm-already-resolved = Dieser Alarm wurde bereits abgeschlossen.
console-events = Ereignisse
console-filters = Filter
console-filter-kind = Art
console-filter-severity = Schweregrad
console-filter-gate = Einlass
console-filter-pass = Ausweis
console-filter-since = Seit
console-filter-until = Bis
console-filter-any = alle
console-filter-pass-placeholder = eine Ausweis-ID
console-filter-apply = Filter anwenden
console-filter-clear = Zurücksetzen
console-gate-option-revoked = { $gate } (gesperrt)
console-export-csv = CSV exportieren
console-export-jsonl = JSONL exportieren
console-filtered-by = Gefiltert nach { $filters }
console-all-events = Alle Ereignisse
console-events-summary =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    }, älteste zuerst. Der Export verwendet genau diese Filter.
console-events-summary-more =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    } bisher (älteste zuerst; weitere unten). Der Export verwendet genau diese Filter.
console-col-time = Zeit
console-col-severity = Schweregrad
console-col-event = Ereignis
console-col-gate = Einlass
console-col-pass = Ausweis
console-col-state = Status
console-col-uses = Nutzungen
console-col-site = Standort
console-col-valid-until = Gültig bis
console-col-type = Typ
console-col-attempts = Versuche
console-col-last-error = Letzter Fehler
console-col-queued = Eingereiht
console-col-to = An
console-col-what = Was
console-col-person = Person
console-col-mode = Modus
console-col-reason = Grund
console-col-added-by = Hinzugefügt von
console-col-expires = Läuft ab
console-col-started = Gestartet
console-col-who = Wer
console-col-safe = In Sicherheit
console-col-name = Name
console-col-status = Status
console-col-last-seen = Zuletzt gesehen
console-col-marked-by = Erfasst von
console-col-where = Wo
console-col-when = Wann
console-col-email = E-Mail
console-col-role = Rolle
console-col-since = Seit
console-col-ends = Endet
console-gates = Einlässe
console-gate = Einlass
console-gates-loading = Einlässe werden geladen…
console-gates-count =
    { $count ->
        [one] { $count } Einlass
       *[other] { $count } Einlässe
    }; { $online } online.
console-create-gate = Einlass anlegen
console-gate-online = ONLINE
console-gate-offline = OFFLINE
console-gate-connected-now = jetzt verbunden
console-gate-never-connected = nie verbunden
console-gate-last-seen = zuletzt gesehen { $ago } ({ $time })
console-gate-connected-now-sentence = Jetzt verbunden.
console-gate-never-connected-sentence = Nie verbunden.
console-gate-last-seen-sentence = Zuletzt gesehen { $ago } ({ $time }).
console-gate-revoked-at = gesperrt { $time }
console-gate-revoked-sentence = Gesperrt { $time }.
console-gate-connected = Jetzt verbunden.
console-gate-connected-sockets =
    Jetzt verbunden ({ $count ->
        [one] { $count } Verbindung
       *[other] { $count } Verbindungen
    }).
console-gate-not-connected = Nicht verbunden.
console-gate-stats-loading = Die letzte Stunde wird geladen…
console-gate-recent-label = Letzte Ereignisse an diesem Einlass
console-gate-recent = Letzte Ereignisse
console-gate-all-events = Alle Ereignisse dieses Einlasses
console-gate-window =
    { $minutes ->
        [one] Letzte Minute
       *[other] Letzte { $minutes } Minuten
    }
console-tile-scans = Scans
console-tile-per-minute = Pro Minute aktuell
console-tile-admissions = Zutritte
console-tile-denials = Abweisungen
console-tile-errors = Fehler
console-chart-title = Scans pro Minute
console-chart-label = Scans pro Minute in den letzten { $minutes } Minuten: { $total } insgesamt, höchstens { $max } in einer Minute
console-chart-start = vor { $minutes } min
console-chart-now = jetzt
console-denials-title = Abweisungen nach Grund
console-denials-none = Keine Abweisungen.
console-gate-manage = Diesen Einlass verwalten
console-gate-revoke = Einlass sperren
console-gate-revoke-confirm = Ja, diesen Einlass sperren
console-back-gates = ← Einlässe
console-pair-make = Kopplungslink erstellen
console-pair-qr = QR-Code des Kopplungslinks
console-pair-title = Auf dem Tablet des Einlasses öffnen
console-pair-help = Scannen Sie den Code mit der Kamera des Tablets (oder senden Sie ihm den Link). Er funktioniert einmal, bis { $until }. Die Kopplung überträgt den Einlass auf dieses Gerät und trennt jedes andere Gerät.
console-pair-link = Kopplungslink
console-passes = Ausweise
console-passes-loading = Ausweise werden geladen…
console-passes-count =
    { $count ->
        [one] { $count } Ausweis
       *[other] { $count } Ausweise
    }, neueste zuerst.
console-issue-pass = Ausweis ausstellen
console-open-pass-label = Ausweis per ID öffnen
console-open = Öffnen
console-open-pass-invalid = Eine Ausweis-ID sieht so aus: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] ausgestellt
        [claimed] hinzugefügt
        [used] aufgebraucht
        [revoked] storniert
        [expired] abgelaufen
       *[other] { $state }
    }
console-pass-uses = Nutzungen
console-pass-uses-of = { $uses } von { $max }
console-pass-site = Standort
console-pass-any-gate = jeder Einlass
console-pass-valid = Gültig
console-pass-issued = Ausgestellt
console-pass-in-wallet = In einer Wallet
console-pass-since = seit { $time }
console-pass-not-yet = noch nicht
console-pass-id = ID
console-admissions-heading = Zutritte ({ $count })
console-admission-at = an
console-admissions-none = Noch kein Zutritt.
console-pass-revoke = Ausweis stornieren
console-pass-revoke-confirm = Ja, diesen Ausweis stornieren
console-back-passes = ← Ausweise
console-pass-attempts = Alle Versuche
console-pass-in-event-log = Im Ereignisprotokoll (Filter, Export)
console-webhooks = Webhooks
console-webhooks-loading = Webhooks werden geladen…
console-webhooks-count =
    { $count ->
        [one] { $count } Webhook
       *[other] { $count } Webhooks
    }; { $disabled } deaktiviert.
console-webhook-disabled = deaktiviert { $time }
console-webhook-disabled-because = deaktiviert { $time }: { $reason }
console-webhook-enabled = aktiv
console-dead-letters = Unzustellbare Ereignisse
console-dead-letters-loading = Unzustellbare Ereignisse werden geladen…
console-dead-letters-help = Ereignisse, deren Zustellversuche erschöpft sind oder deren Webhook deaktiviert wurde (ein Empfänger antwortete mit 410). „Erneut zustellen“ reiht eines wieder ein, sofort fällig, mit drei neuen Tagen Wiederholungsversuchen.
console-dead-letters-count =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    } nicht zugestellt, neueste zuerst.
console-dead-letters-none = Keine unzustellbaren Ereignisse: Jedes Ereignis wurde zugestellt oder wird noch erneut versucht.
console-replay = Erneut zustellen
console-replay-label = { $event } erneut zustellen
console-replayed = Wieder eingereiht.
console-replayed-disabled = Wieder eingereiht; sein Webhook ist deaktiviert, daher landet es wieder hier.
console-messages-title = Nachrichten
console-messages = Nachrichten
console-messages-help = Ausweis-Links, die Besuchern per E-Mail gesendet wurden, und Spontanbesuche, die Gastgebern per E-Mail und Push gemeldet wurden. Eine unzustellbare Adresse wurde von der Empfängerseite abgelehnt; eine aufgegebene Nachricht hat alle Wiederholungsversuche erschöpft; eine zu späte wurde nicht gesendet, weil ihr Ausweis oder Spontanbesuch schon beendet war.
console-messages-loading = Nachrichten werden geladen…
console-messages-filter-attention = Handlungsbedarf (unzustellbar, aufgegeben, zu spät)
console-messages-filter-pending = Warten auf Versand
console-messages-filter-sent = Gesendet
console-messages-filter-all = Alle
console-messages-count =
    { $count ->
        [one] { $count } Nachricht
       *[other] { $count } Nachrichten
    }, neueste zuerst.
console-messages-none-attention = Kein Handlungsbedarf: Jede Nachricht wurde gesendet oder wird erneut versucht.
console-messages-none = Keine Nachrichten.
console-message-kind-invitation = Ausweis-Link
console-message-kind-approval-mail = Spontanbesuch (E-Mail)
console-message-kind-approval-push = Spontanbesuch (Push)
console-message-state =
    { $state ->
        [pending] ausstehend
        [sent] gesendet
        [bounced] unzustellbar
        [dead] aufgegeben
        [expired] zu spät
       *[other] { $state }
    }
console-message-send-again = Erneut senden
console-message-send-again-label = Erneut senden: der Ausweis-Link für { $to }
console-message-new-address = Neue Adresse für { $to }
console-message-send = Senden
console-message-sent-again = Erneut an { $to } gesendet; der vorherige Link funktioniert nicht mehr.
console-watchlist = Beobachtungsliste
console-watch-loading = Beobachtungsliste wird geladen…
console-watch-help = Personen, die markiert oder ferngehalten werden sollen. Eine E-Mail-Adresse oder externe Referenz passt exakt; ein Name allein ist nur ein möglicher Treffer und weist niemanden ab. Einlässe zeigen nur „bitte warten: Das Personal ist unterwegs“; Besucher und Aussteller erfahren nie den Grund.
console-watch-form = Zur Beobachtungsliste hinzufügen
console-watch-add = Zur Beobachtungsliste hinzufügen
console-watch-name = Name
console-watch-email = E-Mail
console-watch-email-help = Passt exakt, unabhängig von Groß- und Kleinschreibung, mit oder ohne +Zusatz.
console-watch-reference = Externe Referenz
console-watch-expires = Läuft ab
console-watch-expires-help = Leer: nie.
console-watch-reason = Grund
console-watch-mode = Modus
console-watch-mode-flag-help = Markieren: einlassen und Alarm auslösen
console-watch-mode-block-help = Sperren: Ausweise abweisen, Person am Einlass aufhalten
console-watch-mode-flag = Markieren
console-watch-mode-block = Sperren
console-watch-count =
    { $count ->
        [one] { $count } Eintrag
       *[other] { $count } Einträge
    }.
console-watch-none = Niemand steht auf der Beobachtungsliste.
console-watch-remove = Entfernen
console-watch-remove-label = { $who } von der Beobachtungsliste entfernen
console-watch-added = { $who }, { $time }
console-watch-never = Nie
console-watch-expired = { $date } (abgelaufen)
console-watch-who-missing = Geben Sie einen Namen, eine E-Mail-Adresse oder eine externe Referenz an.
console-watch-reason-missing = Geben Sie an, warum die Person auf der Beobachtungsliste steht.
console-rollcall = Anwesenheitskontrolle
console-rc-loading = Anwesenheitskontrollen werden geladen…
console-rc-help = Bei einer Evakuierung: Ordner an den Sammelplätzen scannen die Ausweise der Besucher mit einem gekoppelten Einlass („Anwesenheitskontrolle“ am Einlass) oder haken Namen von Hand ab. Wer noch vermisst wird, steht oben.
console-rc-start-form = Anwesenheitskontrolle starten
console-rc-start = Anwesenheitskontrolle starten
console-rc-who = Wer
console-rc-who-help = Die Liste umfasst alle, die jetzt drinnen sind: in den Zonen und heute an Einlässen ohne Zone eingelassen.
console-rc-scope-everyone = Alle, alle Standorte
console-rc-scope-all = Alle Standorte
console-rc-scope-site = Standort { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } Anwesenheitskontrolle
       *[other] { $count } Anwesenheitskontrollen
    }.
console-rc-none = Noch keine Anwesenheitskontrolle.
console-rc-table = Anwesenheitskontrollen
console-rc-started-by = { $time } von { $who }
console-rc-safe-of = { $safe } von { $inside }
console-rc-in-progress = Läuft
console-rc-ended = Beendet
console-rc-filter-all = Alle
console-rc-title = Anwesenheitskontrolle: { $scope }
console-rc-meta-active = Gestartet { $time } von { $who } · Läuft
console-rc-meta-ended = Gestartet { $time } von { $who } · Beendet { $endTime } von { $endWho }
console-rc-inside = Drinnen
console-rc-safe = In Sicherheit
console-rc-unaccounted = Vermisst
console-rc-printed = Gedruckt { $time } · { $unaccounted } von { $inside } vermisst
console-rc-download-csv = CSV herunterladen
console-rc-export-failed = Die Liste konnte nicht exportiert werden ({ $status }).
console-rc-export-network = Der Server ist nicht erreichbar: Die Liste konnte nicht exportiert werden.
console-rc-print = Drucken
console-rc-end = Anwesenheitskontrolle beenden
console-rc-end-confirm = Ja, beenden und den Bericht ablegen
console-rc-mark-safe = Als sicher erfassen
console-rc-mark-safe-label = Als sicher erfassen: { $name }
console-rc-walk-in = (Spontanbesuch)
console-rc-marked-by-hand = { $who } (von Hand)
console-rc-marked-by-scan = { $who } (Scan)
console-rc-nobody-here = Niemand in dieser Ansicht.
console-rc-nobody-inside = Beim Start der Anwesenheitskontrolle war niemand als drinnen erfasst.
console-rc-not-found = Diese Anwesenheitskontrolle gibt es nicht.
console-back-rollcalls = ← Alle Anwesenheitskontrollen
console-rc-people = Personen der Anwesenheitskontrolle
console-nodes = Server vor Ort
console-nodes-help = Ein Server vor Ort lässt die Ausweise seines Standorts ein, solange er die Lease des Standorts hält, auch wenn die Verbindung des Veranstaltungsorts zu diesem Server ausgefallen ist. Die Liste wird alle 5 Sekunden neu abgerufen.
console-nodes-loading = Server vor Ort werden geladen…
console-nodes-updated = Stand: { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } Server
       *[other] { $count } Server
    }: { $holding } mit Lease, { $overdue } überfällig.
console-nodes-none = Keine Server vor Ort.
console-nodes-none-help = Ein Veranstaltungsort, dessen Verbindung zu diesem Server beim Einlassansturm ausfallen kann, kann einen betreiben: siehe docs/operations.md, Abschnitt „On-site node“.
console-col-node = Server
console-col-lease-ends = Lease endet
console-col-sync-lag = Sync-Verzug (Upload)
console-col-shipped-through = Übertragen bis
console-node-state-holding = Hält Lease
console-node-state-starting = Startet
console-node-state-overdue = Überfällig
console-node-state-idle = Ruht
console-node-state-reclaimed = Zurückgeholt
console-node-state-revoked = Widerrufen
console-node-state-holding-help = Er hält die Lease des Standorts: Nur er lässt dessen Ausweise ein, dieser Server lehnt sie ab.
console-node-state-starting-help = Die Lease ist erteilt, gilt aber noch nicht: Sie beginnt, sobald alle früheren Challenges abgelaufen sind.
console-node-state-overdue-help = Die Lease ist ohne Verlängerung abgelaufen: Die Verbindung oder der Server vor Ort ist ausgefallen. Dieser Server lehnt die Ausweise des Standorts weiter ab, bis die Lease zurückgegeben oder zurückgeholt wird.
console-node-state-idle-help = Er hält keine Lease: Dieser Server lässt die Ausweise des Standorts ein.
console-node-state-reclaimed-help = Ein Admin hat seine Lease zurückgeholt: Er darf die Lease des Standorts erst wieder nehmen, wenn ein Admin es erlaubt („Lease wieder erlauben“). Dieser Server lässt die Ausweise des Standorts ein.
console-node-state-revoked-help = Endgültig widerrufen: Sein Token gilt nicht mehr, und er erhält keine Lease. Dieser Server lässt die Ausweise des Standorts ein.
console-node-states = Was die Zustände bedeuten
console-node-when = { $time } ({ $relative })
console-node-no-lease = Keine Lease
console-node-never = Nie
console-node-nothing-shipped = Noch nichts
console-node-revoked-at = Widerrufen { $when }
console-node-revoked-no-lease = Widerrufen
console-node-blocked-at = Zurückgeholt { $when }: wartet auf einen Admin
console-node-blocked = Zurückgeholt: wartet auf einen Admin
console-node-lag = { $seconds } s
console-node-reclaim = Lease zurückholen
console-node-reclaim-label = Lease zurückholen: { $label }
console-node-reclaim-confirm = Ja, Lease zurückholen
console-node-reclaim-confirm-label = Ja, Lease zurückholen: { $label }
console-node-reclaim-help = Holen Sie die Lease eines Servers vor Ort nur zurück, wenn er endgültig verloren ist: Dieser Server lässt den Standort dann wieder ein, und ein Ausweis, den der Server vor Ort eingelassen, aber nie gemeldet hat, kann ein zweites Mal eingelassen werden. Jedes Zurückholen wird mit dem Schweregrad „Hoch“ protokolliert.
console-node-reclaimed = Lease von { $label } zurückgeholt: Dieser Server lässt die Ausweise des Standorts wieder ein.
console-node-revoke-help = Widerrufen Sie einen Server vor Ort, der ausgemustert ist oder dessen Token gestohlen sein könnte: Sein Token gilt sofort nicht mehr, und seine Lease endet, endgültig. „Neues Token“ ersetzt das Token eines Servers: Das alte gilt sofort nicht mehr. Nach dem Zurückholen nimmt ein Server die Lease des Standorts erst wieder, wenn ein Admin „Lease wieder erlauben“ drückt. Alles wird protokolliert.
console-node-revoke = Widerrufen
console-node-revoke-label = Server widerrufen: { $label }
console-node-revoke-confirm = Ja, Server widerrufen
console-node-revoke-confirm-label = Ja, Server widerrufen: { $label }
console-node-revoked = { $label } widerrufen: Sein Token gilt nicht mehr, und seine Lease ist beendet.
console-node-rotate = Neues Token
console-node-rotate-label = Neues Token: { $label }
console-node-rotate-confirm = Ja, neues Token erstellen
console-node-rotate-confirm-label = Ja, neues Token erstellen: { $label }
console-node-rotated = Neues Token für { $label } erstellt: Das alte gilt nicht mehr.
console-node-token-title = Neues Token für { $label }
console-node-token-help = Das alte Token gilt ab sofort nicht mehr: Der Server wird abgewiesen, bis seine Token-Datei dieses enthält und er neu gestartet ist. Kopieren Sie es jetzt: Es wird nur dieses eine Mal angezeigt.
console-node-token = Token des Servers
console-node-token-hide = Token ausblenden
console-node-resume = Lease wieder erlauben
console-node-resume-label = Lease wieder erlauben: { $label }
console-node-resumed = { $label } darf die Lease des Standorts wieder nehmen.
console-signin-view = Anmeldung
console-sso = Single Sign-on
console-sso-help = Lassen Sie das Personal sich über den Identitätsanbieter Ihrer Organisation anmelden (OpenID Connect). Anleitungen für Keycloak, Entra ID und Google finden Sie in docs/sign-in.md.
console-sso-form = Single-Sign-on-Einstellungen
console-sso-issuer = Issuer-URL
console-sso-issuer-help = Genau so, wie sich Ihr Identitätsanbieter selbst nennt (sein Discovery-Dokument wird beim Speichern abgerufen).
console-sso-client-id = Client-ID
console-sso-client-secret = Client-Secret
console-sso-secret-help = Beim ersten Mal erforderlich; es wird versiegelt gespeichert und nie wieder angezeigt.
console-sso-secret-stored = Ein Secret ist gespeichert. Lassen Sie das Feld leer, um es zu behalten.
console-sso-domains = Erlaubte E-Mail-Domains
console-sso-domains-help = Durch Kommas getrennt, exakter Abgleich. Leer: jeder, für den Ihr Anbieter bürgt.
console-sso-role-claim = Rollen-Claim
console-sso-role-claim-help = Der Claim des ID-Tokens, dessen Werte Rollen vergeben: groups, roles oder ein Pfad wie realm_access.roles.
console-sso-role-map = Claim-Werte, die die einzelnen Rollen vergeben (durch Kommas getrennt; der stärkste Treffer gilt, ohne Treffer wird abgelehnt)
console-sso-role-admins = Administratoren
console-sso-role-security = Sicherheitsdienst
console-sso-role-auditors = Prüfer
console-sso-role-issuers = Aussteller
console-sso-role-hosts = Gastgeber
console-sso-key-sign-in = Das Personal darf sich auf diesen Seiten auch mit einem API-Schlüssel anmelden
console-sso-save = Speichern
console-sso-issuer-missing = Geben Sie die Issuer-URL und die Client-ID ein.
console-sso-role-map-missing = Ordnen Sie mindestens einen Claim-Wert einer Rolle zu, sonst kann sich niemand anmelden.
console-sso-saved = Gespeichert. Registrieren Sie die folgenden Adressen bei Ihrem Identitätsanbieter.
console-sso-redirect-uri = Redirect-URI
console-sso-logout-uri = Back-Channel-Logout-URI
console-sso-post-logout-uri = Post-Logout-Redirect-URI
console-sso-sign-in-link = Anmeldelink für das Personal
console-sessions = Aktive Sitzungen
console-sessions-loading = Sitzungen werden geladen…
console-sessions-count =
    { $count ->
        [one] { $count } aktive Sitzung
       *[other] { $count } aktive Sitzungen
    }.
console-session-end = Beenden
console-session-end-label = Sitzung von { $who } beenden
console-session-api-key = API-Schlüssel
console-manage = Verwalten
console-issue-label = Besucher (Bezeichnung des Ausweises)
console-issue-site = Standort
console-issue-site-help = Optional: Nur Einlässe dieses Standorts lassen mit dem Ausweis ein.
console-issue-from = Gültig ab
console-issue-from-help = Leer: ab jetzt.
console-issue-until = Gültig bis
console-issue-uses = Nutzungen
console-issue-submit = Ausweis ausstellen
console-issue-label-missing = Geben Sie an, für wen der Ausweis ist.
console-issue-until-missing = Geben Sie an, bis wann der Ausweis gültig ist.
console-issue-uses-invalid = Die Nutzungen müssen eine ganze Zahl von 1 bis 100.000 sein.
console-issued-for = Ausweis für { $label } ausgestellt
console-issued-help = Senden Sie dem Besucher diesen Ausweis-Link (oder lassen Sie ihn den Code scannen). Er fügt den Ausweis genau einer Wallet hinzu.
console-claim-qr = QR-Code des Ausweis-Links
console-claim-link = Ausweis-Link
console-open-pass = Ausweis öffnen
console-gate-label = Bezeichnung des Einlasses
console-gate-label-help = Das lesen Sicherheitspersonal und Prüfer, z. B. „Nordeingang“.
console-gate-site = Standort
console-gate-site-help = Optional: Der Einlass lässt mit Ausweisen dieses Standorts ein (und mit Ausweisen ohne Standort).
console-create-gate-submit = Einlass anlegen
console-gate-label-missing = Geben Sie eine Bezeichnung für den Einlass ein.
console-gate-created = Einlass „{ $label }“ angelegt
console-gate-created-help = Koppeln Sie ein Tablet damit: Erstellen Sie einen Kopplungslink und öffnen Sie ihn auf dem Tablet.
console-open-gate = Einlass öffnen
console-device-token-summary = Gerätetoken für einen nativen Einlass (wird nur einmal angezeigt)
console-device-token = Gerätetoken
gate-title = Tessera-Einlass
gate-loading = Einlass wird geöffnet…
gate-pairing-title = Gerät wird gekoppelt…
gate-pairing-text = Dieses Gerät wird zum Einlass. Sie müssen nichts eingeben.
gate-pairing-network = Der Server ist nicht erreichbar, das Gerät kann nicht gekoppelt werden. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
gate-pairing-rate-limited = Zu viele Kopplungsversuche von diesem Gerät. Warten Sie eine Minute und öffnen Sie den Link dann erneut.
gate-pairing-invalid = Dieser Kopplungslink wurde bereits verwendet oder ist abgelaufen. Fordern Sie einen neuen an.
gate-pairing-refused = Der Server hat die Kopplung abgelehnt ({ $code }). Fordern Sie einen neuen Link an.
gate-pairing-refused-title = Kopplung abgelehnt
gate-try-again = Erneut versuchen
gate-continue-as = Weiter als { $gate }
gate-continue-as-this = Weiter als dieser Einlass
gate-unreachable = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk.
gate-unavailable-title = Einlass nicht verfügbar
gate-start-failed = Der Einlass konnte nicht starten: { $error }
gate-not-paired-title = Nicht gekoppelt
gate-not-paired-text = Dieses Gerät ist kein Einlass (oder nicht mehr). Bitten Sie die Administration des Standorts um einen Kopplungslink und öffnen Sie ihn auf diesem Gerät.
gate-not-paired-hint = Ein Kopplungslink funktioniert einmal und 10 Minuten lang. Sie müssen nichts eingeben.
gate-not-paired-revoked = Dieses Gerät ist nicht mehr als Einlass gekoppelt (es wurde gesperrt, oder an seiner Stelle wurde ein anderes Gerät gekoppelt).
gate-label-fallback = Einlass
gate-status-connecting = VERBINDE
gate-status-online = ONLINE
gate-status-offline = OFFLINE
gate-counters-label = Zähler der Schicht für heute
gate-counters-title = Heute
gate-count-admitted =
    { $count ->
       *[other] eingelassen
    }
gate-count-admitted-title = Heute eingelassen
gate-count-already =
    { $count ->
       *[other] erneut
    }
gate-count-already-title = Heute wiedergekommen (bereits eingelassen)
gate-count-denied =
    { $count ->
       *[other] abgewiesen
    }
gate-count-denied-title = Heute abgewiesen
gate-muster-toggle = Anwesenheitskontrolle
gate-muster-toggle-back = Zurück zum Einlass
gate-offline-connecting = OFFLINE — Verbindung zum Server wird aufgebaut…
gate-offline-reconnecting = OFFLINE — niemanden einlassen. Neuer Versuch in { $seconds } s…
gate-scanner-panel-label = Scanner
gate-camera-label = Kamerabild
gate-camera-on = Kamera an: Halten Sie einen Code davor.
gate-camera-refused = Der Zugriff auf die Kamera wurde verweigert. Erlauben Sie die Kamera für diese Website, oder verwenden Sie einen Handscanner.
gate-camera-none = Es konnte keine Kamera gestartet werden. Verwenden Sie einen Handscanner.
gate-camera-on-back = Rückkamera an: Halten Sie einen Code davor.
gate-camera-back = Rückkamera
gate-scanner-label = Eingabe Handscanner
gate-ready-title = Bereit zum Scannen
gate-ready-text = Den Code des Ausweises vor die Kamera halten.
gate-muster-ready-title = Anwesenheitskontrolle: zum Erfassen scannen
gate-muster-ready-text = Den Code des Ausweises vor die Kamera halten. Solange die Anwesenheitskontrolle auf diesem Bildschirm läuft, wird niemand eingelassen.
gate-checking-code = Code wird geprüft…
gate-checking-answer = Antwort wird geprüft…
gate-code-on-way = Der Code ist unterwegs zum Server.
gate-answer-on-way = { $visitor }: Die Antwort des Smartphones ist unterwegs zum Server.
gate-answer-on-way-anonymous = Die Antwort des Smartphones ist unterwegs zum Server.
gate-offline-kept = Das wird gespeichert und gesendet, sobald die Verbindung wieder steht: Noch niemanden einlassen.
gate-challenge-title = Halten Sie Ihr Smartphone vor diesen Bildschirm
gate-challenge-qr-label = Prüfcode des Einlasses für die Wallet
gate-challenge-then = Ihre Wallet antwortet von selbst. Falls nicht: In der Wallet „Code des Einlasses scannen“ tippen, auf diesen Bildschirm richten, dann die Antwort vor die Kamera halten.
gate-countdown = Antwort innerhalb von { $seconds } s
gate-countdown-over = Zeit abgelaufen
gate-party-challenge-title = Gruppe von { $count }: Halten Sie Ihr Smartphone vor diesen Bildschirm
gate-party-challenge-qr-label = Prüfcode des Einlasses für eine Gruppe von { $count }, für die Wallet
gate-codes-on-way = Die Codes der Gruppe sind unterwegs zum Server.
gate-answers-on-way = Die Antworten der Gruppe sind unterwegs zum Server.
gate-more-waiting =
    { $count ->
        [one] { $count } weitere Person muss noch antworten
       *[other] { $count } weitere Personen müssen noch antworten
    }
gate-no-storage = Dieser Browser lässt den Einlass sein Journal nicht speichern: Beim Neuladen gehen laufende Scans verloren.
gate-journal-foreign = Das Journal gehört zu einem anderen Einlass; laden Sie die Seite neu.
gate-journal-failed = Der Einlass konnte sein Journal nicht speichern ({ $error }). Laden Sie die Seite neu.
gate-clock-skew = Die Uhr dieses Geräts weicht { $seconds } s von der des Servers ab.
gate-duplicate = Derselbe Code noch einmal: Warten auf die Antwort des Smartphones.
gate-scan-queued = Offline: Der Scan wartet und wird gesendet, sobald die Verbindung wieder steht.
gate-answer-queued = Offline: Die Antwort wartet und wird gesendet, sobald die Verbindung wieder steht.
gate-ignored = Ignoriert: { $why }.
gate-rejected-too-long = Zeile zu lang
gate-rejected-challenge = das ist der Prüfcode des Einlasses; die Wallet des Besuchs muss ihn beantworten
gate-rejected-not-tessera = kein Tessera-Code (erwartet: TSR1:…, TSR1P:…, TSR1R:… oder TSR1S:…)
gate-rejected-unreadable = unlesbare Antwort der Wallet (TSR1R:…); bitte erneut scannen
gate-rejected-no-challenge = kein offener Prüfcode für diesen Ausweis; zuerst den Code des Ausweises scannen
gate-rejected-party-unreadable = unlesbarer Gruppencode oder unlesbare Gruppenantwort (TSR1P:… oder TSR1S:…); bitte erneut scannen
gate-server-busy = Server ausgelastet ({ $code }); neuer Versuch folgt.
gate-server-refused = Der Server hat dies abgelehnt ({ $code }).
gate-server-refused-reason = Der Server hat dies abgelehnt ({ $code }): { $reason }
gate-unanswered = Keine rechtzeitige Antwort von { $visitor }: Scan beendet. Scannen Sie den Code erneut.
gate-unanswered-phone = Keine rechtzeitige Antwort vom Smartphone: Scan beendet. Scannen Sie den Code erneut.
gate-abandoned = Ein offline gemachter Scan wurde verworfen (sein Code ist inzwischen zu alt). Bitte erneut scannen.
gate-word-admitted = EINGELASSEN
gate-word-already-admitted = BEREITS EINGELASSEN
gate-word-denied = ABGEWIESEN
gate-word-please-wait = BITTE WARTEN
gate-word-approved = GENEHMIGT
gate-word-no-answer = KEINE ANTWORT
gate-word-safe = IN SICHERHEIT
gate-word-already-safe = BEREITS IN SICHERHEIT
gate-word-not-marked = NICHT ERFASST
gate-word-not-checked = NICHT GEPRÜFT
gate-strip-heading = Letzte Entscheidungen
gate-strip-unnamed = Besucher
gate-strip-why = { $reason } ({ $code })
gate-party-person = Person { $n } von { $count }
gate-party-unanswered = KEINE ANTWORT — das Smartphone hat für diesen Ausweis nicht rechtzeitig geantwortet
gate-party-not-checked = NICHT GEPRÜFT — dieser Ausweis wurde nicht geprüft; bitte erneut scannen
gate-party-all = Alle { $count } dürfen hinein
gate-party-all-already = Alle { $count } wurden schon eingelassen
gate-party-none = Niemand aus dieser Gruppe von { $count } darf hinein
gate-party-some = { $admitted } VON { $count } EINLASSEN
gate-party-some-detail = Die anderen aufhalten: Jede Zeile sagt, warum.
gate-verdict-denied = ABGEWIESEN — { $reason } ({ $code })
gate-verdict-not-marked = NICHT ERFASST — { $reason } ({ $code })
gate-verdict-hint = Zum Fortfahren tippen
gate-replayed = Nach verlorener Antwort erneut bestätigt
gate-first-entry =
    Erster Einlass um { $time } ({ $ago }) { $where ->
        [this] an diesem Einlass
        [another] an einem anderen Einlass
       *[named] an { $gate }
    }
gate-first-entry-earlier =
    Erster Einlass früher { $where ->
        [this] an diesem Einlass
        [another] an einem anderen Einlass
       *[named] an { $gate }
    }
gate-same-phone = Dasselbe Smartphone wie beim ersten Einlass: nur durchlassen, wenn die Person hinausgegangen und zurückgekommen ist
gate-hold-detail = Das Personal ist unterwegs. Die Person bitte hier warten lassen und nicht durchlassen.
gate-stale-detail = Der Code ist { $seconds } s alt. Lassen Sie sich die Wallet live zeigen.
gate-future-detail = Der Code ist { $seconds } s voraus. Die Uhr des Smartphones muss korrigiert werden.
gate-safe-detail = An diesem Sammelplatz als in Sicherheit erfasst
gate-marked-safe = Als in Sicherheit erfasst
gate-marked-safe-by = Als in Sicherheit erfasst von { $by }
gate-marked-safe-at = Als in Sicherheit erfasst um { $time } ({ $ago })
gate-marked-safe-at-by = Als in Sicherheit erfasst um { $time } ({ $ago }) von { $by }
gate-ago-earlier = früher
gate-ago-now = gerade eben
gate-ago-seconds = vor { $seconds } s
gate-ago-minutes = vor { $minutes } Min.
gate-ago-hours = vor { $hours } Std. { $minutes } Min.
gate-ago-date = am { $date }
reason-malformed-code = kein Tessera-Code
reason-unknown-pass = unbekannter Ausweis
reason-not-claimed = Ausweis noch in keiner Wallet
reason-bad-code = falscher Code, gefälscht oder von einem anderen Smartphone
reason-stale-code = alter Code, ein Screenshot?
reason-future-code = Code aus der Zukunft, die Uhr des Smartphones geht falsch
reason-revoked = Ausweis vom Aussteller storniert
reason-expired = Ausweis abgelaufen
reason-not-yet-valid = Ausweis noch nicht gültig
reason-wrong-site = Ausweis gilt für einen anderen Standort
reason-code-replayed = Code bereits an einem anderen Einlass verwendet, eine Kopie?
reason-challenge-expired = das Smartphone hat zu spät geantwortet, erneut scannen
reason-bad-response = falsche Antwort, nicht das Smartphone des Ausweisinhabers? Erneut versuchen lassen
reason-challenge-burned = zu viele falsche Antworten, erneut scannen
reason-foreign-nonce = Antwort gehört zum Scan eines anderen Einlasses
reason-unknown-nonce = unbekannter Prüfcode, erneut scannen
reason-not-inside = nicht in diesem Bereich, nichts zu verlassen
reason-zone-not-allowed = Ausweis gilt nicht für diesen Bereich
reason-already-inside = bereits in diesem Bereich
reason-reentry-not-allowed = kein Wiedereintritt nach Verlassen dieses Bereichs
reason-entry-limit = heute keine Eintritte mehr für diesen Bereich
reason-see-staff = bitte warten: Das Personal ist unterwegs
reason-no-roll-call = keine laufende Anwesenheitskontrolle für diesen Einlass
reason-not-on-roll-call = nicht auf der Liste der Anwesenheitskontrolle (nicht als anwesend erfasst)
reason-site-delegated = wird anderswo entschieden (vom Server vor Ort oder vom zentralen Server)
reason-other = vom Server abgelehnt
gate-walkins-heading = Spontanbesuche
gate-walkin-open = Spontanbesuch
gate-walkins-empty = Besuch ohne Ausweis? Tippen Sie auf „Spontanbesuch“, um den Gastgeber zu fragen.
gate-walkin-list-label = Anfragen für Spontanbesuche
gate-walkin-done = Erledigt
gate-walkin-done-label = Erledigt: { $name }
gate-walkin-for = zu { $host }
gate-host-unknown = Gastgeber
gate-host-flat = Wohnung { $unit }
gate-line-asking = Gastgeber wird gefragt…
gate-line-offline = Offline: wird gesendet, sobald die Verbindung wieder steht. Noch nicht einlassen.
gate-line-waiting = Warten auf die Antwort des Gastgebers
gate-line-waiting-left = Warten auf die Antwort des Gastgebers · noch { $left }
gate-line-waiting-up = Warten auf die Antwort des Gastgebers · Zeit abgelaufen, wird geprüft…
gate-line-denied = Abgelehnt von { $host }
gate-line-expired = Keine rechtzeitige Antwort von { $host }
gate-line-failed = Nicht gesendet: Der Server hat abgelehnt ({ $code })
gate-line-failed-reason = Nicht gesendet: Der Server hat abgelehnt ({ $code }): { $reason }
gate-walkin-busy = Server ausgelastet ({ $code }); der Gastgeber wird gleich erneut gefragt.
gate-walkin-refused = Der Server hat den Spontanbesuch von { $visitor } abgelehnt ({ $code }).
gate-walkin-too-many = Es warten bereits zu viele Spontanbesuche.
gate-walkin-title = Spontanbesuch
gate-walkin-intro = Der Gastgeber wird auf seinem Smartphone gefragt; die Antwort erscheint hier.
gate-walkin-name = Name des Besuchs
gate-walkin-host = Gastgeber (Name oder Wohnung)
gate-walkin-note = Notiz für den Gastgeber (optional)
gate-walkin-submit = Gastgeber fragen
gate-cancel = Abbrechen
gate-hosts-label = Gefundene Gastgeber
gate-walkin-asking = Anfrage an { $host }
gate-host-searching = Suche läuft…
gate-host-search-network = Der Server ist für die Suche nach Gastgebern nicht erreichbar.
gate-host-search-failed = Die Suche nach Gastgebern ist fehlgeschlagen ({ $code }).
gate-hosts-found =
    { $count } { $count ->
        [one] Gastgeber
       *[other] Gastgeber
    }: bitte einen auswählen.
gate-hosts-found-matching =
    { $count } { $count ->
        [one] Gastgeber passt
       *[other] Gastgeber passen
    } zu „{ $query }“: bitte einen auswählen.
gate-hosts-none = Kein Gastgeber passt zu „{ $query }“.
gate-problem-name-missing = Geben Sie den Namen des Besuchs ein.
gate-problem-name-long = Der Name ist zu lang (höchstens { $max } Zeichen).
gate-problem-name-unprintable = Der Name enthält Zeichen, die nicht gedruckt werden können.
gate-problem-host = Wählen Sie den Gastgeber, zu dem der Besuch möchte.
gate-problem-note-long = Die Notiz ist zu lang (höchstens { $max } Zeichen).
gate-problem-note-unprintable = Die Notiz enthält Zeichen, die nicht gedruckt werden können.
gate-walkin-approved-by = Genehmigt von { $host }
gate-walkin-let-in = { $name }: einlassen
gate-walkin-refused-by = Abgelehnt von { $host }. Nicht einlassen.
gate-walkin-no-answer-detail = { $host } hat nicht geantwortet. Nicht einlassen; erneut fragen oder den Gastgeber anrufen.
gate-walkin-verdict-denied = ABGEWIESEN — der Gastgeber hat abgelehnt ({ $code })
gate-walkin-verdict-no-answer = KEINE ANTWORT — der Gastgeber hat nicht rechtzeitig geantwortet ({ $code })
gate-muster-title = Anwesenheitskontrolle: { $scope }
gate-scope-all = Alle Standorte
gate-scope-site = Standort { $site }
gate-scope-zone = Bereich { $zone }
gate-muster-help = Den Ausweis einer Person scannen, um sie als in Sicherheit zu erfassen: Das Smartphone der Person muss antworten, wie am Einlass. Niemand wird eingelassen. Oder einen Namen von Hand erfassen.
gate-muster-search = Namen suchen
gate-muster-list-label = Personen der Anwesenheitskontrolle
gate-muster-counts = { $safe } von { $inside } in Sicherheit · { $unaccounted } noch nicht gesehen
gate-person-safe = In Sicherheit
gate-person-safe-by = In Sicherheit · erfasst von { $by }
gate-person-sending = In Sicherheit · wird gesendet…
gate-person-queued = In Sicherheit · wird gesendet, sobald die Verbindung wieder steht
gate-person-missing = Noch nicht gesehen · zuletzt: { $place }
gate-person-missing-walk-in = Noch nicht gesehen · Spontanbesuch ohne Ausweis, eingelassen an: { $place }
gate-mark-safe = Als sicher erfassen
gate-mark-safe-label = Als sicher erfassen: { $name }
gate-muster-empty = Niemand wurde als anwesend erfasst.
gate-muster-no-match = Niemand auf der Liste passt zu „{ $query }“.
gate-muster-ended = Die Anwesenheitskontrolle ist beendet: zurück zum Einlass.
gate-mark-save-failed = Die Erfassung konnte auf diesem Gerät nicht gespeichert werden ({ $error }).
gate-mark-refused = { $name } wurde nicht erfasst: { $code }.
gate-mark-refused-ended = { $name } wurde nicht erfasst: Die Anwesenheitskontrolle ist beendet.
`,en:`# The language's name in itself, as the switcher lists it.
language-name = English
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr
common-language = Language
common-times-in-zone = Times are venue time ({ $zone }).
common-sso-email = Work email
common-sso-email-help = You sign in at your organisation’s own sign-in page, then come back here.
common-sso-continue = Continue with single sign-on
common-sso-email-invalid = Enter your work email address, such as ada@example.com.
common-sso-title = Sign in with your organisation
error-other = The server refused this ({ $code }).
error-unauthorized = You are not signed in, or your key is no longer valid.
error-forbidden = This key may not do that.
error-key-sign-in-off = Signing in with a key is turned off here: use single sign-on.
error-not-found = Not found.
error-invalid-claim = This link does not work: it was used, replaced or mistyped.
error-invalid-pairing = This pairing link was used already or has expired.
error-already-claimed = This pass is already in another wallet.
error-revoked = This pass was cancelled.
error-invalid-public-key = The wallet’s key was refused.
error-bad-request = The request was not understood.
error-payload-too-large = That is too large to send.
error-rate-limited = Too many tries: wait a moment, then try again.
error-refused-by-policy = The organisation’s rules do not allow this.
error-already-acknowledged = Someone acknowledged this alarm already.
error-already-resolved = This alarm was resolved already.
error-not-permitted = This cannot be done for this person. Please see the staff.
error-invalid-field = A field is missing or not valid.
error-storage-unavailable = The server cannot reach its database just now: try again shortly.
error-internal = The server had a fault: try again, and tell the staff if it persists.
error-transfer-not-allowed = This pass cannot be handed on.
error-not-claimed = No wallet holds this pass yet.
error-request-id-reused = This request was already sent with other content.
error-already-decided = This request was already answered.
error-approval-timeout = The time to answer this request has passed.
error-bad-proof = The transfer could not be proven by this wallet.
error-invalid-nonce = The transfer link has expired: make a new one.
error-unknown-pass = This pass is not known here.
error-key-revoked = This key was revoked: make a new one instead.
error-last-admin-key = The last admin key cannot be revoked.
error-network = No connection to the server. Check the network and try again.
audit-kind-scan = scan
audit-kind-challenge-issued = challenge issued
audit-kind-response = response
audit-kind-challenge-unanswered = challenge unanswered
audit-kind-rate-limited = rate limited
audit-kind-gate-connection-refused = gate connection refused
audit-kind-claim = claim
audit-kind-claim-rejected = claim rejected
audit-kind-claim-conflict = claim conflict
audit-kind-pass-issued = pass issued
audit-kind-pass-revoked = pass revoked
audit-kind-api-key-created = api key created
audit-kind-api-key-revoked = api key revoked
audit-kind-api-key-rotated = api key rotated
audit-kind-gate-created = gate created
audit-kind-auth-failure = auth failure
audit-kind-gate-pairing-created = gate pairing created
audit-kind-gate-paired = gate paired
audit-kind-gate-revoked = gate revoked
audit-kind-gate-connected = gate connected
audit-kind-gate-disconnected = gate disconnected
audit-kind-console-signed-in = console signed in
audit-kind-console-signed-out = console signed out
audit-kind-retention = retention
audit-kind-host-created = host created
audit-kind-walk-in-requested = walk in requested
audit-kind-walk-in-approved = walk in approved
audit-kind-walk-in-denied = walk in denied
audit-kind-walk-in-expired = walk in expired
audit-kind-pass-rebound = pass rebound
audit-kind-transfer-started = transfer started
audit-kind-pass-transferred = pass transferred
audit-kind-transfer-rejected = transfer rejected
audit-kind-webhook-created = webhook created
audit-kind-webhook-disabled = webhook disabled
audit-kind-webhook-enabled = webhook enabled
audit-kind-webhook-secret-rotated = webhook secret rotated
audit-kind-webhook-deleted = webhook deleted
audit-kind-zone-created = zone created
audit-kind-zone-checkout = zone checkout
audit-kind-sso-configured = sso configured
audit-kind-sso-removed = sso removed
audit-kind-sso-sign-in-failed = sso sign in failed
audit-kind-sso-sessions-ended = sso sessions ended
audit-kind-sso-domain-changed = sign-in domain changed
audit-kind-session-ended = session ended
audit-kind-message-queued = message queued
audit-kind-message-sent = message sent
audit-kind-message-bounced = message bounced
audit-kind-message-dead = message dead
audit-kind-message-expired = message expired
audit-kind-mail-settings-changed = mail settings changed
audit-kind-alarm-acknowledged = alarm acknowledged
audit-kind-alarm-assigned = alarm assigned
audit-kind-alarm-resolved = alarm resolved
audit-kind-watchlist-hit = watchlist hit
audit-kind-watchlist-entry-added = watchlist entry added
audit-kind-watchlist-entry-changed = watchlist entry changed
audit-kind-watchlist-entry-removed = watchlist entry removed
audit-kind-personal-data-exported = personal data exported
audit-kind-personal-data-erased = personal data erased
audit-kind-privacy-settings-changed = privacy settings changed
audit-kind-locale-settings-changed = locale settings changed
audit-kind-roll-call-started = roll call started
audit-kind-roll-call-marked = roll call marked
audit-kind-roll-call-ended = roll call ended
audit-kind-muster-scanned = muster scanned
audit-kind-muster-refused = muster refused
audit-kind-site-node-created = on-site node enrolled
audit-kind-site-lease-granted = site lease granted
audit-kind-site-lease-ended = site lease ended
audit-kind-site-lease-extended = site lease extended on site
audit-kind-site-conflict = on-site conflict
audit-kind-site-node-revoked = on-site node revoked
audit-kind-site-node-token-rotated = on-site node given a new token
audit-kind-site-node-resumed = on-site node allowed a lease again
audit-kind-site-node-fault = on-site node shipped what was refused
audit-severity-info = info
audit-severity-warning = warning
audit-severity-high = high
# "… — by Ada Lovelace": who did it (a person or a key's label).
audit-by = { $what } — by { $who }
# A resend of the same request.
audit-resent = { $what } (resent)
audit-on-site = { $what } (on site)
# An event an on-site node shipped (issue 50); $node: its label, or its id's first characters ("0190c3e1…").
audit-from-node = { $what } — from node { $node }
audit-node-revoked = node { $node } revoked: its token no longer works
audit-node-token-rotated = new token for node { $node }: the old one no longer works
audit-node-resumed = node { $node } may take its site’s lease again
# $count: how many events and outcomes were refused.
audit-node-fault =
    { $count ->
        [one] node { $node } shipped { $count } item this server refused
       *[other] node { $node } shipped { $count } items this server refused
    }
# $reasons: a list of audit-node-fault-reason, already joined.
audit-node-fault-why =
    { $count ->
        [one] node { $node } shipped { $count } item this server refused: { $reasons }
       *[other] node { $node } shipped { $count } items this server refused: { $reasons }
    }
# One reason: $count times $words, then its code ($reason, as the server names it).
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = a kind no node makes
audit-node-fault-malformed-details = details of the wrong shape
audit-node-fault-severity-too-high = a severity too high for its kind
audit-node-fault-foreign-gate = a gate not of its site
audit-node-fault-foreign-pass = a pass not of its site
audit-node-fault-outside-lease = a time outside its leases
audit-node-fault-foreign-lease = a lease it never held
audit-sso-refused = single sign-on refused: { $reason }
audit-sso-refused-detail = single sign-on refused: { $reason } ({ $detail })
audit-mail-queued = claim link queued
audit-mail-queued-to = claim link queued for { $to }
audit-mail-resent = claim link sent again
audit-mail-resent-to = claim link sent again for { $to }
audit-mail-sent = mail sent
audit-mail-sent-to = mail sent to { $to }
audit-mail-bounced = mail bounced
audit-mail-bounced-to = mail bounced at { $to }
audit-mail-bounced-error = mail bounced ({ $error })
audit-mail-bounced-to-error = mail bounced at { $to } ({ $error })
audit-mail-dead = mail given up
audit-mail-dead-to = mail given up for { $to }
audit-mail-dead-error = mail given up ({ $error })
audit-mail-dead-to-error = mail given up for { $to } ({ $error })
audit-mail-expired = mail not sent: its pass expired first
audit-mail-expired-to = mail not sent: its pass expired first ({ $to })
# $cause: access_ended (the person lost access) or other (they signed out at the provider).
audit-sso-sessions-ended =
    sessions ended by the identity provider ({ $cause ->
        [access_ended] access ended
       *[other] sign-out there
    })
audit-scan-denied = scan denied: { $reason } — { $words }
audit-scan-resent = scan resent
audit-scan-refused = scan refused: { $error }
audit-answer = answer
audit-answer-denied = answer denied: { $reason } — { $words }
audit-answer-refused = answer refused: { $error }
# An answer's outcome.
audit-outcome-admitted = admitted
audit-outcome-already-admitted = already admitted
audit-outcome-denied = denied
audit-challenge-unanswered = challenge unanswered (expired without a valid answer)
audit-claim-conflict = claim_conflict — a second wallet tried to claim this pass
# After "auth_failure": how many failures, on which surface, and a sample reason in parentheses.
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = on { $surface }
audit-detail = ({ $detail })
audit-claim-refused = claim refused
audit-claim-refused-why = claim refused ({ $reason })
audit-rate-limited = rate limited
audit-rate-limited-frames = rate limited: { $frames } frames
audit-walk-in-requested = walk-in requested
audit-walk-in-approved = walk-in approved by the host: admitted
audit-walk-in-denied = walk-in denied by the host
audit-walk-in-expired = walk-in expired: the host did not answer in time
audit-pass-rebound = pass re-bound to a new wallet (the old one stops working)
audit-pass-transferred = pass transferred to a new holder
# A gate or pass the console has no name for: its id's first characters.
audit-gate-short = gate { $id }
audit-pass-short = pass { $id }
audit-node-unknown = unknown
# An event's time on another day than today: the date's parts ($month, $day two digits)
# and the time (16:04:05), each formatted already.
audit-clock-date = { $year }-{ $month }-{ $day } { $time }
audit-filter-gate-id = The gate must be an id like 0190c3e1-…-…; pick one from a list or paste it.
audit-filter-pass-id = The pass must be an id like 0190c3e1-…-…; pick one from a list or paste it.
audit-filter-severity = Severity must be info, warning or high.
audit-filter-since-until = “Since” must be before “until”.
audit-alarms-filter-active = Open and acknowledged
audit-alarms-filter-open = Open
audit-alarms-filter-acknowledged = Acknowledged
audit-alarms-filter-resolved = Resolved
audit-alarms-filter-all = All
audit-alarm-outcome-confirmed = Confirmed
audit-alarm-outcome-false-alarm = False alarm
audit-alarm-outcome-duplicate = Duplicate
audit-alarm-outcome-no-action = No action
audit-alarm-state-open = Open
audit-alarm-acknowledged-by = Acknowledged by { $who }
audit-alarm-acknowledged-by-someone = Acknowledged by someone
# $outcome: confirmed, false_alarm, duplicate, no_action, or none.
audit-alarm-resolved-by =
    Resolved ({ $outcome ->
        [confirmed] confirmed
        [false_alarm] false alarm
        [duplicate] duplicate
        [no_action] no action
       *[none] no outcome
    }) by { $who }
audit-alarm-resolved-by-someone =
    Resolved ({ $outcome ->
        [confirmed] confirmed
        [false_alarm] false alarm
        [duplicate] duplicate
        [no_action] no action
       *[none] no outcome
    }) by someone
console-title = Tessera security console
console-opening = Opening the console…
console-try-again = Try again
console-start-network = Could not reach the server. Check the network.
console-start-not-ready = The server is not ready (HTTP { $status }).
console-host-session = You are signed in as a host on this device: hosts use /host. Sign in here with an admin or auditor key.
console-signin-intro = Alarms, gates, passes and the audit log of your organisation.
console-signin-key = API key
console-signin-key-help = An admin or auditor key. It is sent once to open a session and is not kept on this device.
console-signin-button = Sign in
console-signin-key-missing = Enter an API key.
console-signin-host-key = That is a host key: hosts use the host page at /host. The console is for admin and auditor keys.
console-signin-network = Could not reach the server. Check the network, then try again.
console-signin-not-accepted = That API key was not accepted. Check it and try again.
console-signin-forbidden = This key cannot open the console: only admin and auditor keys can (or the page is not on the server’s own address).
console-signin-rate-limited = Too many failed sign-ins from this address. Wait a minute, then try again.
# $code: the server's error code, or the HTTP status.
console-signin-refused = The server refused the sign-in ({ $code }).
console-signed-out = Signed out.
console-session-ended = Your session has ended. Sign in again.
console-session-expired = Your session has expired (one shift). Sign in again.
console-problem-network = Could not reach the server to { $action }. Check the network, then try again.
# $code: the server's error code (such as forbidden), or 403.
console-problem-forbidden = Not allowed to { $action } with this session ({ $code }).
console-problem-not-found = Could not { $action }: not found.
console-problem-rate-limited = Too many requests; wait a minute, then try again.
console-problem-status = Could not { $action }: HTTP { $status }.
# $reason: the server's error code in words (an error-* message), a full sentence.
console-problem-refused = Could not { $action }: { $reason }
# $field: the request's field at fault, as the API names it (valid_until).
console-invalid-field = A field is missing or not valid ({ $field }).
console-action-sign-out = sign out
console-action-read-alarms = read where the alarms stand
console-action-read-pass-events = read the pass’s events
console-action-acknowledge = acknowledge the alarm
console-action-assign = assign the alarm
console-action-resolve = resolve the alarm
console-action-read-events = read the event log
console-action-read-gate = read the gate
console-action-pair = make a pairing link
console-action-revoke-gate = revoke the gate
console-action-list-passes = list the passes
console-action-read-pass = read the pass
console-action-revoke-pass = revoke the pass
console-action-replay = replay the event
console-action-list-webhooks = list the webhooks
console-action-list-dead-letters = list the dead letters
console-action-resend = send the link again
console-action-list-messages = list the messages
console-action-read-watchlist = read the watchlist
console-action-remove-entry = remove the entry
console-action-add-watchlist = add to the watchlist
console-action-read-roll-calls = read the roll calls
console-action-start-roll-call = start the roll call
console-action-mark-safe = mark { $name } safe
console-action-end-roll-call = end the roll call
console-action-read-roll-call = read the roll call
console-action-save-sso = save the single sign-on settings
console-action-list-sessions = list the sessions
console-action-end-session = end the session
console-action-read-sso = read the single sign-on settings
console-action-issue-pass = issue the pass
console-action-create-gate = create the gate
console-action-read-nodes = read the on-site nodes
# $label: the node's label (North stand PC).
console-action-reclaim-lease = reclaim the lease of { $label }
console-action-revoke-node = revoke { $label }
console-action-rotate-node = make a new token for { $label }
console-action-resume-node = allow { $label } to take the lease again
console-brand-sub = Security console
console-sign-out = Sign out
# The signed-in role in the bar and in the sessions table; shown in capitals in the bar.
console-role =
    { $role ->
        [admin] admin
        [security] security
        [auditor] auditor
        [issuer] issuer
        [host] host
       *[other] { $role }
    }
console-feed-live = LIVE
console-feed-connecting = CONNECTING
console-feed-reconnecting = RECONNECTING
console-views = Views
console-tab-alarms = Alarms
console-tab-events = Events
console-tab-gates = Gates
console-tab-nodes = Nodes
console-tab-passes = Passes
console-tab-webhooks = Webhooks
console-tab-messages = Mail
console-tab-watchlist = Watchlist
console-tab-rollcall = Roll call
console-tab-admin = Manage
console-tab-signin = Sign-in
console-loading = Loading…
console-load-more = Load more
console-refresh = Refresh
console-show = Show
console-cancel = Cancel
console-copy = Copy
console-copied = Copied.
console-copy-selected = Selected: press Ctrl+C to copy.
console-timeline = Timeline
console-timeline-loading = Loading the timeline…
console-timeline-count =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    }, oldest first; new ones appear as they happen.
console-timeline-of = Timeline of { $pass }
console-tl-challenge-to = challenge issued to { $gate }
# The title of an event row: who acted in a single sign-on session.
console-actor-title = { $name }: { $subject } at { $issuer }
console-alarms = Alarms
console-alarms-loading = Loading the alarms…
console-alarms-none-open = No open alarms. Copied gate credentials (foreign_nonce), replayed codes (code_replayed), burned challenges, claim conflicts and watchlist matches appear here within a second.
console-alarms-none = No alarms here.
console-back-alarms = ← All alarms
console-alarm-no-pass = no pass
console-alarm-no-gate = no gate
console-alarm-at = at { $gate }
# $source: where failed authentications came from (an address).
console-alarm-from = from { $source }
# $node: an on-site node's label (or its id's first characters).
console-alarm-from-node = from node { $node }
console-alarm-at-from-node = at { $gate }, from node { $node }
console-alarm-node = node { $node }
console-alarm-challenge-of = Challenge of
console-alarm-first-used-at = Code first used at
console-alarm-about-foreign-nonce = an answer to another gate’s challenge: a copied gate credential?
console-alarm-about-code-replayed = a code that already admitted someone at another gate: a copy?
console-alarm-about-challenge-burned = a challenge burned by wrong answers
console-alarm-about-claim-conflict = a second wallet tried to claim a claimed pass: a leaked link?
console-alarm-about-watchlist-hit = a watchlisted person at a gate, or a pass issued or claimed for them (see the Watchlist)
console-alarm-about-auth-failure = failed authentications from one source (for this organisation: a console session used without its CSRF token or from another site)
console-alarm-about-site-node-fault = an on-site node shipped what this server refused: a stolen token or a faulty node? Check it, and revoke it in the Nodes view if in doubt
console-alarm-gone = This alarm is no longer in the feed.
console-alarm-choose = Choose an alarm to see what was done with it and the pass’s timeline: every scan, challenge and answer.
console-alarm-heading = Alarm { $id }
console-alarm-fact-alarm = Alarm
console-alarm-fact-state = State
console-alarm-fact-assigned-to = Assigned to
console-alarm-fact-when = When
console-alarm-fact-where = Where
console-alarm-fact-shipped-by = Shipped by node
console-alarm-fact-node = Node
console-alarm-fact-refused = Refused
console-alarm-fact-pass = Pass
console-alarm-fact-reason = Reason
console-alarm-acknowledge = Acknowledge
console-alarm-assign = Assign
console-alarm-assign-to = Assign to
console-alarm-resolve = Resolve
console-alarm-outcome = Outcome
console-alarm-note = Note
# Another console was first; $name is who.
console-alarm-already-acknowledged-by = This alarm was already acknowledged by { $name }.
console-alarm-already-acknowledged = This alarm was already acknowledged.
console-alarm-already-resolved-by = This alarm was already resolved by { $name }.
console-alarm-already-resolved = This alarm was already resolved.
console-events = Events
console-filters = Filters
console-filter-kind = Kind
console-filter-severity = Severity
console-filter-gate = Gate
console-filter-pass = Pass
console-filter-since = Since
console-filter-until = Until
console-filter-any = any
console-filter-pass-placeholder = a pass id
console-filter-apply = Apply filters
console-filter-clear = Clear
console-gate-option-revoked = { $gate } (revoked)
console-export-csv = Export CSV
console-export-jsonl = Export JSONL
# $filters: "kind = scan, gate_id = North gate" (the filters' own names stay as they are).
console-filtered-by = Filtered by { $filters }
console-all-events = All events
console-events-summary =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    }, oldest first. The export has exactly these filters.
console-events-summary-more =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    } so far (oldest first; more below). The export has exactly these filters.
console-col-time = Time
console-col-severity = Severity
console-col-event = Event
console-col-gate = Gate
console-col-pass = Pass
console-col-state = State
console-col-uses = Uses
console-col-site = Site
console-col-valid-until = Valid until
console-col-type = Type
console-col-attempts = Attempts
console-col-last-error = Last error
console-col-queued = Queued
console-col-to = To
console-col-what = What
console-col-person = Person
console-col-mode = Mode
console-col-reason = Reason
console-col-added-by = Added by
console-col-expires = Expires
console-col-started = Started
console-col-who = Who
console-col-safe = Safe
console-col-name = Name
console-col-status = Status
console-col-last-seen = Last seen
console-col-marked-by = Marked by
console-col-where = Where
console-col-when = When
console-col-email = Email
console-col-role = Role
console-col-since = Since
console-col-ends = Ends
console-gates = Gates
console-gate = Gate
console-gates-loading = Loading gates…
console-gates-count =
    { $count ->
        [one] { $count } gate
       *[other] { $count } gates
    }; { $online } online.
console-create-gate = Create a gate
console-gate-online = ONLINE
console-gate-offline = OFFLINE
console-gate-connected-now = connected now
console-gate-never-connected = never connected
# $ago: "3 min ago"; $time: the time it was.
console-gate-last-seen = last seen { $ago } ({ $time })
console-gate-connected-now-sentence = Connected now.
console-gate-never-connected-sentence = Never connected.
console-gate-last-seen-sentence = Last seen { $ago } ({ $time }).
console-gate-revoked-at = revoked { $time }
console-gate-revoked-sentence = Revoked { $time }.
console-gate-connected = Connected now.
console-gate-connected-sockets = Connected now ({ $count } sockets).
console-gate-not-connected = Not connected.
console-gate-stats-loading = Loading the last hour…
console-gate-recent-label = Recent events at this gate
console-gate-recent = Recent events
console-gate-all-events = All events of this gate
console-gate-window = Last { $minutes } minutes
console-tile-scans = Scans
console-tile-per-minute = Per minute now
console-tile-admissions = Admissions
console-tile-denials = Denials
console-tile-errors = Errors
console-chart-title = Scans per minute
console-chart-label = Scans per minute over the last { $minutes } minutes: { $total } in all, at most { $max } in one minute
console-chart-start = { $minutes } min ago
console-chart-now = now
console-denials-title = Denials by reason
console-denials-none = No denials.
console-gate-manage = Manage this gate
console-gate-revoke = Revoke gate
console-gate-revoke-confirm = Yes, revoke this gate
console-back-gates = ← Gates
console-pair-make = Make a pairing link
console-pair-qr = Pairing link QR code
console-pair-title = Open this on the gate’s tablet
# $until: the time the link stops working.
console-pair-help = Scan the code with the tablet’s camera (or send it the link). It works once, until { $until }. Pairing moves the gate to that device and cuts any other device off.
console-pair-link = Pairing link
console-passes = Passes
console-passes-loading = Loading passes…
console-passes-count =
    { $count ->
        [one] { $count } pass
       *[other] { $count } passes
    }, newest first.
console-issue-pass = Issue a pass
console-open-pass-label = Open a pass by id
console-open = Open
console-open-pass-invalid = A pass id looks like 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
# A pass's state, as the API names it.
console-pass-state =
    { $state ->
        [issued] issued
        [claimed] claimed
        [used] used
        [revoked] revoked
        [expired] expired
       *[other] { $state }
    }
console-pass-uses = Uses
console-pass-uses-of = { $uses } of { $max }
console-pass-site = Site
console-pass-any-gate = any gate
console-pass-valid = Valid
console-pass-issued = Issued
console-pass-in-wallet = In a wallet
console-pass-since = since { $time }
console-pass-not-yet = not yet
console-pass-id = Id
console-admissions-heading = Admissions ({ $count })
# Between the time of an admission and the gate's name: "16:04:05 at North gate".
console-admission-at = at
console-admissions-none = Not admitted yet.
console-pass-revoke = Revoke pass
console-pass-revoke-confirm = Yes, revoke this pass
console-back-passes = ← Passes
console-pass-attempts = Every attempt
console-pass-in-event-log = In the event log (filters, export)
console-webhooks = Webhooks
console-webhooks-loading = Loading webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    }; { $disabled } disabled.
console-webhook-disabled = disabled { $time }
# $reason: why, as the server recorded it.
console-webhook-disabled-because = disabled { $time }: { $reason }
console-webhook-enabled = enabled
console-dead-letters = Dead letters
console-dead-letters-loading = Loading dead letters…
console-dead-letters-help = Events that ran out of retries or whose webhook was disabled (a receiver answered 410). Replay queues one again, due now, with a fresh three days of retries.
console-dead-letters-count =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    } not delivered, newest first.
console-dead-letters-none = No dead letters: every event was delivered or is still being retried.
console-replay = Replay
console-replay-label = Replay { $event }
console-replayed = Queued again.
console-replayed-disabled = Queued again; its webhook is disabled, so it will come back here.
console-messages-title = Mail
console-messages = Messages
console-messages-help = Claim links mailed to visitors and walk-ins sent to hosts by mail and push. A bounced address was refused by the receiving side; a message given up ran out of retries; one too late was not sent because its pass or walk-in had ended.
console-messages-loading = Loading messages…
console-messages-filter-attention = Needs attention (bounced, given up, too late)
console-messages-filter-pending = Waiting to be sent
console-messages-filter-sent = Sent
console-messages-filter-all = All
console-messages-count =
    { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }, newest first.
console-messages-none-attention = Nothing needs attention: every message was sent or is being retried.
console-messages-none = No messages.
console-message-kind-invitation = Claim link
console-message-kind-approval-mail = Walk-in (mail)
console-message-kind-approval-push = Walk-in (push)
# A message's state, as the API names it.
console-message-state =
    { $state ->
        [pending] pending
        [sent] sent
        [bounced] bounced
        [dead] dead
        [expired] expired
       *[other] { $state }
    }
console-message-send-again = Send again
console-message-send-again-label = Send again: the claim link for { $to }
console-message-new-address = New address for { $to }
console-message-send = Send
console-message-sent-again = Sent again to { $to }; the earlier link no longer works.
console-watchlist = Watchlist
console-watch-loading = Loading the watchlist…
console-watch-help = People to flag or keep out. An email address or external reference matches exactly; a name alone is only a possible match and never refuses anyone. Gates say only “please wait: staff are on their way”; visitors and issuers are never told why.
console-watch-form = Add to the watchlist
console-watch-add = Add to watchlist
console-watch-name = Name
console-watch-email = Email
console-watch-email-help = Matches exactly, in any case, with or without a +tag.
console-watch-reference = External reference
console-watch-expires = Expires
console-watch-expires-help = Empty: never.
console-watch-reason = Reason
console-watch-mode = Mode
console-watch-mode-flag-help = Flag: let them in and raise an alarm
console-watch-mode-block-help = Block: refuse their passes, hold them at gates
console-watch-mode-flag = Flag
console-watch-mode-block = Block
console-watch-count =
    { $count ->
        [one] { $count } entry
       *[other] { $count } entries
    }.
console-watch-none = Nobody is on the watchlist.
console-watch-remove = Remove
console-watch-remove-label = Remove { $who } from the watchlist
# Who added an entry, and when.
console-watch-added = { $who }, { $time }
console-watch-never = Never
console-watch-expired = { $date } (expired)
console-watch-who-missing = Give a name, an email or an external reference.
console-watch-reason-missing = Say why they are on the watchlist.
console-rollcall = Roll call
console-rc-loading = Loading roll calls…
console-rc-help = When the building is evacuated: marshals at the assembly points scan visitors’ passes with a paired gate (“Roll call” on the gate), or tick names by hand. Everyone still unaccounted is listed first.
console-rc-start-form = Start a roll call
console-rc-start = Start roll call
console-rc-who = Who
console-rc-who-help = The list is everyone inside now: in the zones, and let in today at gates without a zone.
console-rc-scope-everyone = Everyone, all sites
console-rc-scope-all = All sites
console-rc-scope-site = Site { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } roll call
       *[other] { $count } roll calls
    }.
console-rc-none = No roll call yet.
console-rc-table = Roll calls
console-rc-started-by = { $time } by { $who }
console-rc-safe-of = { $safe } of { $inside }
console-rc-in-progress = In progress
console-rc-ended = Ended
console-rc-filter-all = Everyone
console-rc-title = Roll call: { $scope }
console-rc-meta-active = Started { $time } by { $who } · In progress
console-rc-meta-ended = Started { $time } by { $who } · Ended { $endTime } by { $endWho }
console-rc-inside = Inside
console-rc-safe = Safe
console-rc-unaccounted = Unaccounted
# On the printed list: when it was printed, and how many are still missing.
console-rc-printed = Printed { $time } · { $unaccounted } unaccounted of { $inside }
console-rc-download-csv = Download CSV
console-rc-export-failed = Could not export the list ({ $status }).
console-rc-export-network = Could not reach the server to export the list.
console-rc-print = Print
console-rc-end = End roll call
console-rc-end-confirm = Yes, end it and file the report
console-rc-mark-safe = Mark safe
console-rc-mark-safe-label = Mark safe: { $name }
console-rc-walk-in = (walk-in)
# $who: the gate or the officer that marked the person.
console-rc-marked-by-hand = { $who } (by hand)
console-rc-marked-by-scan = { $who } (scan)
console-rc-nobody-here = Nobody in this view.
console-rc-nobody-inside = Nobody was recorded inside when the roll call started.
console-rc-not-found = No such roll call.
console-back-rollcalls = ← All roll calls
console-rc-people = People on the roll call
console-nodes = On-site nodes
console-nodes-help = A node admits its site’s passes while it holds the site’s lease, even when the venue’s link to this server is down. The list is read again every 5 seconds.
console-nodes-loading = Reading the nodes…
# $time: the venue's clock (16:04:05).
console-nodes-updated = Updated { $time }.
# $holding, $overdue: how many of them are in those states.
console-nodes-count =
    { $count ->
        [one] { $count } node
       *[other] { $count } nodes
    }: { $holding } holding a lease, { $overdue } overdue.
console-nodes-none = No on-site nodes.
# The documentation's file and section names stay in English.
console-nodes-none-help = A venue whose link to this server may fail during the entry rush can run one: see docs/operations.md, “On-site node”.
console-col-node = Node
console-col-lease-ends = Lease ends
console-col-sync-lag = Sync-up lag
console-col-shipped-through = Shipped up to
console-node-state-holding = Holding
console-node-state-starting = Starting
console-node-state-overdue = Overdue
console-node-state-idle = Idle
console-node-state-reclaimed = Reclaimed
console-node-state-revoked = Revoked
console-node-state-holding-help = It holds the site’s lease: it alone admits the site’s passes, and this server refuses them.
console-node-state-starting-help = Its lease is granted but not in force yet: it starts once every earlier challenge has closed.
console-node-state-overdue-help = Its lease ran out unrenewed: the link or the node is down. This server goes on refusing the site’s passes until the lease is returned or reclaimed.
console-node-state-idle-help = It holds no lease: this server admits the site’s passes.
console-node-state-reclaimed-help = An admin reclaimed its lease: it may not take the site’s lease again until an admin allows it (Allow lease again). This server admits the site’s passes.
console-node-state-revoked-help = Revoked for good: its token no longer works and it takes no lease. This server admits the site’s passes.
console-node-states = What the states mean
# $time: the venue's clock; $relative: how far from now, in the page's language ("in 4 minutes", "12 seconds ago").
console-node-when = { $time } ({ $relative })
console-node-no-lease = No lease
console-node-never = Never
console-node-nothing-shipped = Nothing yet
# $when: console-node-when (16:04:05 (2 minutes ago)).
console-node-revoked-at = Revoked { $when }
console-node-revoked-no-lease = Revoked
console-node-blocked-at = Reclaimed { $when }: waits for an admin
console-node-blocked = Reclaimed: waits for an admin
# $seconds: a number, already formatted (0.4, 12).
console-node-lag = { $seconds } s
console-node-reclaim = Reclaim lease
console-node-reclaim-label = Reclaim lease: { $label }
console-node-reclaim-confirm = Yes, reclaim the lease
console-node-reclaim-confirm-label = Yes, reclaim the lease: { $label }
console-node-reclaim-help = Reclaim a node’s lease only when the node is lost for good: this server then admits the site again, and a pass the node admitted but never reported may be admitted a second time. Every reclaim is audited as high.
console-node-reclaimed = Lease of { $label } reclaimed: this server admits the site’s passes again.
console-node-revoke-help = Revoke a node that is retired or whose token may have been stolen: its token stops working at once and its lease ends, for good. New token replaces a node’s token: the old one stops working at once. After a reclaim, a node takes the site’s lease again only once an admin presses Allow lease again. Each is audited.
console-node-revoke = Revoke
console-node-revoke-label = Revoke node: { $label }
console-node-revoke-confirm = Yes, revoke the node
console-node-revoke-confirm-label = Yes, revoke the node: { $label }
console-node-revoked = { $label } revoked: its token no longer works and its lease ended.
console-node-rotate = New token
console-node-rotate-label = New token: { $label }
console-node-rotate-confirm = Yes, make a new token
console-node-rotate-confirm-label = Yes, make a new token: { $label }
console-node-rotated = New token for { $label } made: the old one stopped working.
console-node-token-title = New token for { $label }
console-node-token-help = The old token stopped working at once: the node is refused until its token file holds this one and it is restarted. Copy it now: it is shown only this once.
console-node-token = Node token
console-node-token-hide = Hide the token
console-node-resume = Allow lease again
console-node-resume-label = Allow lease again: { $label }
console-node-resumed = { $label } may take the site’s lease again.
console-signin-view = Sign-in
console-sso = Single sign-on
console-sso-help = Let staff sign in with your organisation’s identity provider (OpenID Connect). See docs/sign-in.md for Keycloak, Entra ID and Google.
console-sso-form = Single sign-on settings
console-sso-issuer = Issuer URL
console-sso-issuer-help = Exactly as your identity provider names itself (its discovery document is fetched when you save).
console-sso-client-id = Client ID
console-sso-client-secret = Client secret
console-sso-secret-help = Required the first time; it is stored sealed and never shown again.
console-sso-secret-stored = A secret is stored. Leave this empty to keep it.
console-sso-domains = Allowed email domains
console-sso-domains-help = Comma-separated, matched exactly. Empty: anyone your provider vouches for.
console-sso-role-claim = Role claim
console-sso-role-claim-help = The ID-token claim whose values give roles: groups, roles, or a path such as realm_access.roles.
console-sso-role-map = Claim values that give each role (comma-separated; the strongest match wins, none is refused)
console-sso-role-admins = Admins
console-sso-role-security = Security
console-sso-role-auditors = Auditors
console-sso-role-issuers = Issuers
console-sso-role-hosts = Hosts
console-sso-key-sign-in = Staff may also sign in to these pages with an API key
console-sso-save = Save
console-sso-issuer-missing = Enter the issuer URL and the client ID.
console-sso-role-map-missing = Map at least one claim value to a role, or nobody can sign in.
console-sso-saved = Saved. Register the addresses below at your identity provider.
console-sso-redirect-uri = Redirect URI
console-sso-logout-uri = Back-channel logout URI
console-sso-post-logout-uri = Post-logout redirect URI
console-sso-sign-in-link = Sign-in link for staff
console-sessions = Live sessions
console-sessions-loading = Loading sessions…
console-sessions-count =
    { $count ->
        [one] { $count } live session
       *[other] { $count } live sessions
    }.
console-session-end = End
console-session-end-label = End the session of { $who }
console-session-api-key = API key
console-manage = Manage
console-issue-label = Visitor (pass label)
console-issue-site = Site
console-issue-site-help = Optional: only gates of this site admit the pass.
console-issue-from = Valid from
console-issue-from-help = Empty: now.
console-issue-until = Valid until
console-issue-uses = Uses
console-issue-submit = Issue pass
console-issue-label-missing = Enter who the pass is for.
console-issue-until-missing = Enter until when the pass is valid.
console-issue-uses-invalid = Uses must be a whole number from 1 to 100000.
console-issued-for = Pass issued for { $label }
console-issued-help = Send the visitor this claim link (or let them scan the code). It adds the pass to one wallet only.
console-claim-qr = Claim link QR code
console-claim-link = Claim link
console-open-pass = Open the pass
console-gate-label = Gate label
console-gate-label-help = What guards and auditors read, e.g. “North entrance”.
console-gate-site = Site
console-gate-site-help = Optional: the gate admits passes of this site (and passes without one).
console-create-gate-submit = Create gate
console-gate-label-missing = Enter a label for the gate.
console-gate-created = Gate “{ $label }” created
console-gate-created-help = Pair a tablet with it: make a pairing link and open it on the tablet.
console-open-gate = Open the gate
console-device-token-summary = Device token for a native gate (shown once)
console-device-token = Device token
gate-title = Tessera gate
gate-loading = Opening the gate…
gate-pairing-title = Pairing this device…
gate-pairing-text = Making this device a gate. Nothing to type.
gate-pairing-network = Could not reach the server to pair this device. Check the network, then try again.
gate-pairing-rate-limited = Too many pairing attempts from this device. Wait a minute, then open the link again.
gate-pairing-invalid = This pairing link was already used or has expired. Ask for a new one.
# $code: the server's error code or HTTP status, shown as is
gate-pairing-refused = The server refused the pairing ({ $code }). Ask for a new link.
gate-pairing-refused-title = Pairing refused
gate-try-again = Try again
# $gate: the gate's name, e.g. "North gate A"
gate-continue-as = Continue as { $gate }
gate-continue-as-this = Continue as this gate
gate-unreachable = Could not reach the server. Check the network.
gate-unavailable-title = Gate unavailable
# $error: a technical detail from the browser, shown as is
gate-start-failed = The gate could not start: { $error }
gate-not-paired-title = Not paired
gate-not-paired-text = This device is not a gate (or no longer is). To make it one, ask the site’s admin for a pairing link and open it on this device.
gate-not-paired-hint = A pairing link works once and for 10 minutes. Nothing needs to be typed.
gate-not-paired-revoked = This device is no longer paired as a gate (it was revoked, or another device was paired in its place).
# When the gate has no name
gate-label-fallback = Gate
gate-status-connecting = CONNECTING
gate-status-online = ONLINE
gate-status-offline = OFFLINE
gate-counters-label = Shift counters for today
gate-counters-title = Today
# Each counter is a number followed by this word; $count is the number
gate-count-admitted =
    { $count ->
       *[other] in
    }
gate-count-admitted-title = Let in today
gate-count-already =
    { $count ->
       *[other] again
    }
gate-count-already-title = Came back today (already let in)
gate-count-denied =
    { $count ->
       *[other] refused
    }
gate-count-denied-title = Turned away today
gate-muster-toggle = Roll call
gate-muster-toggle-back = Back to admissions
gate-offline-connecting = OFFLINE — connecting to the server…
# $seconds: already formatted, e.g. "2.5"
gate-offline-reconnecting = OFFLINE — do not admit anyone. Reconnecting in { $seconds } s…
gate-scanner-panel-label = Scanner
gate-camera-label = Camera view
gate-camera-on = Camera on: hold a code in front of it.
gate-camera-refused = Camera access was refused. Allow the camera for this site, or use a hand scanner.
gate-camera-none = No camera could be started. Use a hand scanner.
gate-camera-on-back = Back camera on: hold a code in front of it.
# A toggle (pressed: the back camera reads the codes; not pressed: the front one, facing the visitor)
gate-camera-back = Back camera
gate-scanner-label = Hand scanner input
gate-ready-title = Ready to scan
gate-ready-text = Hold the visitor’s pass code in front of the camera.
gate-muster-ready-title = Roll call: scan to mark safe
gate-muster-ready-text = Hold the visitor’s pass code in front of the camera. Nobody is let in while the roll call is on this screen.
gate-checking-code = Checking the code…
gate-checking-answer = Checking the answer…
gate-code-on-way = The visitor’s code is on its way to the server.
# $visitor: the pass's name
gate-answer-on-way = { $visitor }: the phone’s answer is on its way to the server.
gate-answer-on-way-anonymous = The visitor: the phone’s answer is on its way to the server.
# Follows gate-code-on-way or gate-answer-on-way while offline
gate-offline-kept = It is kept and sent when the connection is back: do not let them in yet.
gate-challenge-title = Hold your phone up to this screen
gate-challenge-qr-label = Gate challenge for the visitor’s wallet
gate-challenge-then = Your wallet answers by itself. If it does not: press Scan gate code in the wallet, point it here, then show its answer to the camera.
gate-countdown = Answer within { $seconds } s
gate-countdown-over = Time is up
# $count: how many passes the party's challenge is for
gate-party-challenge-title = Party of { $count }: hold your phone up to this screen
gate-party-challenge-qr-label = Gate challenge for a party of { $count }, for the visitor’s wallet
gate-codes-on-way = The party’s codes are on their way to the server.
gate-answers-on-way = The party’s answers are on their way to the server.
gate-more-waiting = { $count } more visitor(s) waiting to answer
gate-no-storage = This browser does not let the gate store its journal: a reload loses scans in progress.
gate-journal-foreign = The journal belongs to another gate; reload the page.
gate-journal-failed = The gate could not save its journal ({ $error }). Reload the page.
gate-clock-skew = This device’s clock is { $seconds } s off the server’s.
gate-duplicate = Same code again: waiting for the phone’s answer.
gate-scan-queued = Offline: the scan waits and is sent when the connection is back.
gate-answer-queued = Offline: the answer waits and is sent when the connection is back.
# $why: one of gate-rejected-*
gate-ignored = Ignored: { $why }.
gate-rejected-too-long = line too long
gate-rejected-challenge = that is the gate's challenge; the visitor's wallet must answer it
gate-rejected-not-tessera = not a Tessera code (expected TSR1:…, TSR1P:…, TSR1R:… or TSR1S:…)
gate-rejected-unreadable = unreadable wallet answer (TSR1R:…); scan it again
gate-rejected-no-challenge = no open challenge for this pass; scan the visitor's code first
gate-rejected-party-unreadable = unreadable party code or answer (TSR1P:… or TSR1S:…); scan it again
gate-server-busy = Server busy ({ $code }); trying again.
# A code the catalogue has no words for
gate-server-refused = The server refused this ({ $code }).
# $reason: the code in words (an error-* message)
gate-server-refused-reason = The server refused this ({ $code }): { $reason }
gate-unanswered = No answer from { $visitor } in time: scan closed. Scan the code again.
gate-unanswered-phone = No answer from the phone in time: scan closed. Scan the code again.
gate-abandoned = A scan made offline was dropped (its code is too old now). Scan again.
gate-word-admitted = ADMITTED
gate-word-already-admitted = ALREADY ADMITTED
gate-word-denied = DENIED
gate-word-please-wait = PLEASE WAIT
gate-word-approved = APPROVED
gate-word-no-answer = NO ANSWER
gate-word-safe = SAFE
gate-word-already-safe = ALREADY SAFE
gate-word-not-marked = NOT MARKED
gate-word-not-checked = NOT CHECKED
gate-strip-heading = Last verdicts
gate-strip-unnamed = Visitor
# $reason: one of reason-*; $code: the reason's code, as is
gate-strip-why = { $reason } ({ $code })
# A party member the server did not name
gate-party-person = Person { $n } of { $count }
# Starts with gate-word-no-answer
gate-party-unanswered = NO ANSWER — the phone did not answer for this pass in time
# Starts with gate-word-not-checked
gate-party-not-checked = NOT CHECKED — this pass was not checked; scan it again
gate-party-all = All { $count } may go in
gate-party-all-already = All { $count } were let in before
gate-party-none = Nobody in this party of { $count } may go in
# The headline when some of a party may go in and others not (never the word for "admitted")
gate-party-some = LET { $admitted } OF { $count } IN
gate-party-some-detail = Stop the others: each line says why.
# Starts with gate-word-denied. $reason: one of reason-*; $code: the reason's code, as is
gate-verdict-denied = DENIED — { $reason } ({ $code })
# Starts with gate-word-not-marked
gate-verdict-not-marked = NOT MARKED — { $reason } ({ $code })
gate-verdict-hint = Tap to continue
gate-replayed = Confirmed again after a lost answer
# $time: 18:39:00; $ago: one of gate-ago-*; $where: this, another or named ($gate)
gate-first-entry =
    First entry { $time } ({ $ago }) { $where ->
        [this] at this gate
        [another] at another gate
       *[named] at { $gate }
    }
gate-first-entry-earlier =
    First entry earlier { $where ->
        [this] at this gate
        [another] at another gate
       *[named] at { $gate }
    }
gate-same-phone = Same phone as the first entry: let them through only if they left and came back
# A neutral hold: it must not say why (the visitor may read it)
gate-hold-detail = Staff are on their way. Keep the visitor here; do not let them through.
gate-stale-detail = The code is { $seconds } s old. Ask for the live wallet.
gate-future-detail = The code is { $seconds } s ahead. The phone's clock needs fixing.
gate-safe-detail = Marked safe at this assembly point
gate-marked-safe = Marked safe
# $by: the marshal's gate, or the officer
gate-marked-safe-by = Marked safe by { $by }
gate-marked-safe-at = Marked safe at { $time } ({ $ago })
gate-marked-safe-at-by = Marked safe at { $time } ({ $ago }) by { $by }
gate-ago-earlier = earlier
gate-ago-now = just now
gate-ago-seconds = { $seconds } s ago
gate-ago-minutes = { $minutes } min ago
gate-ago-hours = { $hours } h { $minutes } min ago
# $date: 2025-11-29
gate-ago-date = on { $date }
reason-malformed-code = not a Tessera code
reason-unknown-pass = unknown pass
reason-not-claimed = pass not added to a wallet yet
reason-bad-code = wrong code, forged or from another phone
reason-stale-code = old code, a screenshot?
reason-future-code = code from the future, the phone's clock is wrong
reason-revoked = pass cancelled by the issuer
reason-expired = pass has expired
reason-not-yet-valid = pass not valid yet
reason-wrong-site = pass is for another site
reason-code-replayed = code already used at another gate, a copy?
reason-challenge-expired = the phone answered too late, scan again
reason-bad-response = wrong answer, not the pass holder’s phone? Let them try again
reason-challenge-burned = too many wrong answers, scan again
reason-foreign-nonce = answer belongs to another gate's scan
reason-unknown-nonce = unknown challenge, scan again
reason-not-inside = not inside this zone, nothing to leave
reason-zone-not-allowed = pass is not valid for this zone
reason-already-inside = already inside this zone
reason-reentry-not-allowed = no re-entry after leaving this zone
reason-entry-limit = no entries left today for this zone
reason-see-staff = please wait: staff are on their way
reason-no-roll-call = no roll call in progress for this gate
reason-not-on-roll-call = not on the roll call list (not recorded inside)
reason-site-delegated = decided elsewhere (the venue’s on-site node or the central server)
# A reason this gate does not know yet
reason-other = refused by the server
gate-walkins-heading = Walk-ins
gate-walkin-open = Walk-in
gate-walkins-empty = A visitor without a pass? Press Walk-in to ask their host.
gate-walkin-list-label = Walk-in requests
gate-walkin-done = Done
# $name: the visitor's name
gate-walkin-done-label = Done with { $name }
# $host: the host's name, or gate-host-flat, or gate-host-unknown
gate-walkin-for = for { $host }
gate-host-unknown = the host
gate-host-flat = Flat { $unit }
gate-line-asking = Asking the host…
gate-line-offline = Offline: sent when the connection is back. Do not let them in yet.
gate-line-waiting = Waiting for the host to answer
# $left: the time left, e.g. 4:32
gate-line-waiting-left = Waiting for the host to answer · { $left } left
gate-line-waiting-up = Waiting for the host to answer · time is up, checking…
gate-line-denied = Denied by { $host }
gate-line-expired = No answer from { $host } in time
gate-line-failed = Not sent: the server refused it ({ $code })
gate-line-failed-reason = Not sent: the server refused it ({ $code }): { $reason }
gate-walkin-busy = Server busy ({ $code }); asking the host again shortly.
gate-walkin-refused = The server refused the walk-in for { $visitor } ({ $code }).
gate-walkin-too-many = Too many walk-ins are waiting already.
gate-walkin-title = Walk-in visitor
gate-walkin-intro = The host is asked on their phone; the answer shows here.
gate-walkin-name = Visitor name
gate-walkin-host = Host (name or flat)
gate-walkin-note = Note for the host (optional)
gate-walkin-submit = Ask the host
gate-cancel = Cancel
gate-hosts-label = Hosts found
# The host's name follows, in bold
gate-walkin-asking = Asking { $host }
gate-host-searching = Searching…
gate-host-search-network = Could not reach the server to search for hosts.
gate-host-search-failed = The host search failed ({ $code }).
gate-hosts-found =
    { $count } { $count ->
        [one] host
       *[other] hosts
    }: choose one.
gate-hosts-found-matching =
    { $count } { $count ->
        [one] host
       *[other] hosts
    } matching “{ $query }”: choose one.
gate-hosts-none = No host matches “{ $query }”.
gate-problem-name-missing = Enter the visitor’s name.
gate-problem-name-long = The name is too long (at most { $max } characters).
gate-problem-name-unprintable = The name has characters that cannot be printed.
gate-problem-host = Choose the host the visitor asks for.
gate-problem-note-long = The note is too long (at most { $max } characters).
gate-problem-note-unprintable = The note has characters that cannot be printed.
gate-walkin-approved-by = Approved by { $host }
gate-walkin-let-in = { $name }: let them in
gate-walkin-refused-by = Refused by { $host }. Do not let them in.
gate-walkin-no-answer-detail = { $host } did not answer. Do not let them in; ask again or call the host.
# Starts with gate-word-denied; $code: host_denied, as is
gate-walkin-verdict-denied = DENIED — the host said no ({ $code })
# Starts with gate-word-no-answer; $code: approval_timeout, as is
gate-walkin-verdict-no-answer = NO ANSWER — the host did not answer in time ({ $code })
# $scope: one of gate-scope-*
gate-muster-title = Roll call: { $scope }
gate-scope-all = All sites
gate-scope-site = Site { $site }
gate-scope-zone = Zone { $zone }
gate-muster-help = Scan a visitor’s pass to mark them safe: their phone must answer, as at a gate. Nobody is let in. Or mark a name by hand.
gate-muster-search = Find a name
gate-muster-list-label = People on the roll call
gate-muster-counts = { $safe } of { $inside } safe · { $unaccounted } not yet seen
gate-person-safe = Safe
gate-person-safe-by = Safe · marked by { $by }
gate-person-sending = Safe · sending…
gate-person-queued = Safe · sent when the connection is back
# $place: a zone, or the gate that let them in
gate-person-missing = Not yet seen · last seen { $place }
gate-person-missing-walk-in = Not yet seen · walk-in without a pass, let in at { $place }
gate-mark-safe = Mark safe
gate-mark-safe-label = Mark safe: { $name }
gate-muster-empty = Nobody was recorded inside.
gate-muster-no-match = Nobody on the list matches “{ $query }”.
gate-muster-ended = The roll call has ended: back to admissions.
gate-mark-save-failed = The mark could not be saved on this device ({ $error }).
gate-mark-refused = { $name } was not marked: { $code }.
gate-mark-refused-ended = { $name } was not marked: the roll call has ended.
`,es:`# The language's name in itself, as the switcher lists it.
language-name = Español
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr
common-language = Idioma
common-times-in-zone = Las horas corresponden a la zona horaria de la sede ({ $zone }).
common-sso-email = Correo electrónico corporativo
common-sso-email-help = Iniciará sesión en la página de acceso de su organización y, después, volverá aquí.
common-sso-continue = Continuar con inicio de sesión único
common-sso-email-invalid = Escriba su dirección de correo corporativo, por ejemplo, ada@example.com.
common-sso-title = Iniciar sesión con su organización
error-other = El servidor rechazó la operación ({ $code }).
error-unauthorized = No ha iniciado sesión o su clave ya no es válida.
error-forbidden = Esta clave no tiene permiso para hacer eso.
error-key-sign-in-off = El inicio de sesión con clave está desactivado aquí: use el inicio de sesión único.
error-not-found = No se encontró.
error-invalid-claim = Este enlace no funciona: ya se usó, se reemplazó o está mal escrito.
error-invalid-pairing = Este enlace de vinculación ya se usó o ha expirado.
error-already-claimed = Este pase ya está en otra billetera.
error-revoked = Este pase fue cancelado.
error-invalid-public-key = Se rechazó la clave de la billetera.
error-bad-request = No se entendió la solicitud.
error-payload-too-large = Es demasiado grande para enviarlo.
error-rate-limited = Demasiados intentos: espere un momento y vuelva a intentarlo.
error-refused-by-policy = Las normas de la organización no lo permiten.
error-already-acknowledged = Alguien ya reconoció esta alarma.
error-already-resolved = Esta alarma ya se resolvió.
error-not-permitted = No es posible hacerlo para esta persona. Diríjase al personal.
error-invalid-field = Falta un campo o no es válido.
error-storage-unavailable = El servidor no puede acceder a su base de datos en este momento: vuelva a intentarlo en breve.
error-internal = Se produjo un error en el servidor: vuelva a intentarlo y avise al personal si el problema continúa.
error-transfer-not-allowed = Este pase no se puede transferir.
error-not-claimed = Este pase aún no está en ninguna billetera.
error-request-id-reused = Esta solicitud ya se envió con otro contenido.
error-already-decided = Esta solicitud ya tiene respuesta.
error-approval-timeout = Ya pasó el plazo para responder a esta solicitud.
error-bad-proof = Esta billetera no pudo demostrar la transferencia.
error-invalid-nonce = El enlace de transferencia ha expirado: cree uno nuevo.
error-unknown-pass = Este pase no figura aquí.
error-key-revoked = Esta clave fue revocada: cree una nueva.
error-last-admin-key = No se puede revocar la última clave de administrador.
error-network = No hay conexión con el servidor. Compruebe la red y vuelva a intentarlo.
audit-kind-scan = escaneo
audit-kind-challenge-issued = desafío emitido
audit-kind-response = respuesta
audit-kind-challenge-unanswered = desafío sin respuesta
audit-kind-rate-limited = frecuencia limitada
audit-kind-gate-connection-refused = conexión de entrada rechazada
audit-kind-claim = pase añadido a una billetera
audit-kind-claim-rejected = adición a la billetera rechazada
audit-kind-claim-conflict = conflicto al añadir a la billetera
audit-kind-pass-issued = pase emitido
audit-kind-pass-revoked = pase cancelado
audit-kind-api-key-created = clave de API creada
audit-kind-api-key-revoked = clave de API revocada
audit-kind-api-key-rotated = clave de API renovada
audit-kind-gate-created = entrada creada
audit-kind-auth-failure = fallo de autenticación
audit-kind-gate-pairing-created = enlace de vinculación de entrada creado
audit-kind-gate-paired = entrada vinculada
audit-kind-gate-revoked = entrada revocada
audit-kind-gate-connected = entrada conectada
audit-kind-gate-disconnected = entrada desconectada
audit-kind-console-signed-in = inicio de sesión en la consola
audit-kind-console-signed-out = cierre de sesión en la consola
audit-kind-retention = plazo de conservación aplicado
audit-kind-host-created = anfitrión creado
audit-kind-walk-in-requested = visita sin cita solicitada
audit-kind-walk-in-approved = visita sin cita aprobada
audit-kind-walk-in-denied = visita sin cita rechazada
audit-kind-walk-in-expired = visita sin cita caducada
audit-kind-pass-rebound = pase revinculado
audit-kind-transfer-started = transferencia iniciada
audit-kind-pass-transferred = pase transferido
audit-kind-transfer-rejected = transferencia rechazada
audit-kind-webhook-created = webhook creado
audit-kind-webhook-disabled = webhook desactivado
audit-kind-webhook-enabled = webhook activado
audit-kind-webhook-secret-rotated = secreto del webhook renovado
audit-kind-webhook-deleted = webhook eliminado
audit-kind-zone-created = zona creada
audit-kind-zone-checkout = salida de zona
audit-kind-sso-configured = inicio de sesión único configurado
audit-kind-sso-removed = inicio de sesión único eliminado
audit-kind-sso-sign-in-failed = fallo de inicio de sesión único
audit-kind-sso-sessions-ended = sesiones de inicio de sesión único terminadas
audit-kind-sso-domain-changed = dominio de inicio de sesión cambiado
audit-kind-session-ended = sesión terminada
audit-kind-message-queued = mensaje en cola
audit-kind-message-sent = mensaje enviado
audit-kind-message-bounced = mensaje rebotado
audit-kind-message-dead = mensaje descartado
audit-kind-message-expired = mensaje caducado
audit-kind-mail-settings-changed = configuración de correo modificada
audit-kind-alarm-acknowledged = alarma reconocida
audit-kind-alarm-assigned = alarma asignada
audit-kind-alarm-resolved = alarma resuelta
audit-kind-watchlist-hit = coincidencia en la lista de vigilancia
audit-kind-watchlist-entry-added = registro añadido a la lista de vigilancia
audit-kind-watchlist-entry-changed = registro de la lista de vigilancia modificado
audit-kind-watchlist-entry-removed = registro eliminado de la lista de vigilancia
audit-kind-personal-data-exported = datos personales exportados
audit-kind-personal-data-erased = datos personales borrados
audit-kind-privacy-settings-changed = configuración de privacidad modificada
audit-kind-locale-settings-changed = configuración de idioma y zona horaria modificada
audit-kind-roll-call-started = recuento iniciado
audit-kind-roll-call-marked = persona marcada en el recuento
audit-kind-roll-call-ended = recuento finalizado
audit-kind-muster-scanned = escaneo en el punto de encuentro
audit-kind-muster-refused = escaneo rechazado en el punto de encuentro
audit-kind-site-node-created = servidor del recinto registrado
audit-kind-site-lease-granted = concesión del recinto otorgada
audit-kind-site-lease-ended = concesión del recinto terminada
audit-kind-site-lease-extended = concesión del recinto prorrogada in situ
audit-kind-site-conflict = conflicto en el recinto
audit-kind-site-node-revoked = servidor del recinto revocado
audit-kind-site-node-token-rotated = nuevo token para un servidor del recinto
audit-kind-site-node-resumed = servidor del recinto autorizado de nuevo a tomar una concesión
audit-kind-site-node-fault = servidor del recinto: envío rechazado
audit-severity-info = info
audit-severity-warning = advertencia
audit-severity-high = alta
audit-by = { $what } — por { $who }
audit-resent = { $what } (reenvío)
audit-on-site = { $what } (en el recinto)
audit-from-node = { $what } — del servidor { $node }
audit-node-revoked = servidor { $node } revocado: su token ya no funciona
audit-node-token-rotated = nuevo token para el servidor { $node }: el anterior ya no funciona
audit-node-resumed = el servidor { $node } puede volver a tomar la concesión de su recinto
audit-node-fault =
    { $count ->
        [one] el servidor { $node } envió { $count } elemento que este servidor rechazó
       *[other] el servidor { $node } envió { $count } elementos que este servidor rechazó
    }
audit-node-fault-why =
    { $count ->
        [one] el servidor { $node } envió { $count } elemento que este servidor rechazó: { $reasons }
       *[other] el servidor { $node } envió { $count } elementos que este servidor rechazó: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = un tipo que ningún servidor del recinto produce
audit-node-fault-malformed-details = detalles con forma incorrecta
audit-node-fault-severity-too-high = una gravedad demasiado alta para su tipo
audit-node-fault-foreign-gate = una entrada de otro recinto
audit-node-fault-foreign-pass = un pase de otro recinto
audit-node-fault-outside-lease = una hora fuera de sus concesiones
audit-node-fault-foreign-lease = una concesión que nunca tuvo
audit-sso-refused = inicio de sesión único rechazado: { $reason }
audit-sso-refused-detail = inicio de sesión único rechazado: { $reason } ({ $detail })
audit-mail-queued = enlace del pase en cola de envío
audit-mail-queued-to = enlace del pase para { $to } en cola de envío
audit-mail-resent = enlace del pase reenviado
audit-mail-resent-to = enlace del pase reenviado a { $to }
audit-mail-sent = correo enviado
audit-mail-sent-to = correo enviado a { $to }
audit-mail-bounced = correo rebotado
audit-mail-bounced-to = correo rebotado en { $to }
audit-mail-bounced-error = correo rebotado ({ $error })
audit-mail-bounced-to-error = correo rebotado en { $to } ({ $error })
audit-mail-dead = envío de correo abandonado
audit-mail-dead-to = envío de correo a { $to } abandonado
audit-mail-dead-error = envío de correo abandonado ({ $error })
audit-mail-dead-to-error = envío de correo a { $to } abandonado ({ $error })
audit-mail-expired = correo no enviado: su pase caducó antes
audit-mail-expired-to = correo no enviado: su pase caducó antes ({ $to })
audit-sso-sessions-ended =
    sesiones terminadas por el proveedor de identidad ({ $cause ->
        [access_ended] acceso retirado
       *[other] cierre de sesión en el proveedor
    })
audit-scan-denied = escaneo denegado: { $reason } — { $words }
audit-scan-resent = escaneo reenviado
audit-scan-refused = escaneo rechazado: { $error }
audit-answer = respuesta
audit-answer-denied = respuesta denegada: { $reason } — { $words }
audit-answer-refused = respuesta rechazada: { $error }
audit-outcome-admitted = admitido
audit-outcome-already-admitted = ya admitido
audit-outcome-denied = denegado
audit-challenge-unanswered = desafío sin respuesta (caducó sin una respuesta válida)
audit-claim-conflict = claim_conflict — una segunda billetera intentó añadir este pase
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = en { $surface }
audit-detail = ({ $detail })
audit-claim-refused = adición a la billetera rechazada
audit-claim-refused-why = adición a la billetera rechazada ({ $reason })
audit-rate-limited = frecuencia limitada
audit-rate-limited-frames =
    frecuencia limitada: { $frames ->
        [one] { $frames } trama
       *[other] { $frames } tramas
    }
audit-walk-in-requested = visita sin cita solicitada
audit-walk-in-approved = visita sin cita aprobada por el anfitrión: admitido
audit-walk-in-denied = visita sin cita rechazada por el anfitrión
audit-walk-in-expired = visita sin cita caducada: el anfitrión no respondió a tiempo
audit-pass-rebound = pase vinculado a una nueva billetera (la anterior deja de funcionar)
audit-pass-transferred = pase transferido a un nuevo titular
audit-gate-short = entrada { $id }
audit-pass-short = pase { $id }
audit-node-unknown = desconocido
audit-clock-date = { $day }/{ $month }/{ $year } { $time }
audit-filter-gate-id = La entrada debe ser un identificador como 0190c3e1-…-…; elija una de una lista o pegue su identificador.
audit-filter-pass-id = El pase debe ser un identificador como 0190c3e1-…-…; elija uno de una lista o pegue su identificador.
audit-filter-severity = La gravedad debe ser «info», «advertencia» o «alta».
audit-filter-since-until = El inicio debe ser anterior al final.
audit-alarms-filter-active = Abiertas y reconocidas
audit-alarms-filter-open = Abiertas
audit-alarms-filter-acknowledged = Reconocidas
audit-alarms-filter-resolved = Resueltas
audit-alarms-filter-all = Todas
audit-alarm-outcome-confirmed = Confirmada
audit-alarm-outcome-false-alarm = Falsa alarma
audit-alarm-outcome-duplicate = Duplicada
audit-alarm-outcome-no-action = Sin acción
audit-alarm-state-open = Abierta
audit-alarm-acknowledged-by = Reconocida por { $who }
audit-alarm-acknowledged-by-someone = Reconocida por alguien
audit-alarm-resolved-by =
    Resuelta ({ $outcome ->
        [confirmed] confirmada
        [false_alarm] falsa alarma
        [duplicate] duplicada
        [no_action] sin acción
       *[none] sin resultado
    }) por { $who }
audit-alarm-resolved-by-someone =
    Resuelta ({ $outcome ->
        [confirmed] confirmada
        [false_alarm] falsa alarma
        [duplicate] duplicada
        [no_action] sin acción
       *[none] sin resultado
    }) por alguien
console-title = Consola de seguridad de Tessera
console-opening = Abriendo la consola…
console-try-again = Reintentar
console-start-network = No se pudo conectar con el servidor. Compruebe la red.
console-start-not-ready = El servidor no está listo (HTTP { $status }).
console-host-session = Ha iniciado sesión como anfitrión en este dispositivo: los anfitriones usan /host. Inicie sesión aquí con una clave de administrador o de auditor.
console-signin-intro = Las alarmas, las entradas, los pases y el registro de auditoría de su organización.
console-signin-key = Clave de API
console-signin-key-help = Una clave de administrador o de auditor. Se envía una sola vez para abrir una sesión y no se guarda en este dispositivo.
console-signin-button = Iniciar sesión
console-signin-key-missing = Introduzca una clave de API.
console-signin-host-key = Es una clave de anfitrión: los anfitriones usan la página de anfitriones, /host. La consola es para claves de administrador y de auditor.
console-signin-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
console-signin-not-accepted = No se aceptó esa clave de API. Revísela y vuelva a intentarlo.
console-signin-forbidden = Esta clave no puede abrir la consola: solo pueden hacerlo las claves de administrador y de auditor (o la página no está en la dirección propia del servidor).
console-signin-rate-limited = Demasiados inicios de sesión fallidos desde esta dirección. Espere un minuto y vuelva a intentarlo.
console-signin-refused = El servidor rechazó el inicio de sesión ({ $code }).
console-signed-out = Sesión cerrada.
console-session-ended = Su sesión ha terminado. Vuelva a iniciar sesión.
console-session-expired = Su sesión ha caducado (un turno). Vuelva a iniciar sesión.
console-problem-network = No se pudo conectar con el servidor para { $action }. Compruebe la red y vuelva a intentarlo.
console-problem-forbidden = Esta sesión no permite { $action } ({ $code }).
console-problem-not-found = No se pudo { $action }: no se encontró.
console-problem-rate-limited = Demasiadas solicitudes; espere un minuto y vuelva a intentarlo.
console-problem-status = No se pudo { $action }: HTTP { $status }.
console-problem-refused = No se pudo { $action }: { $reason }
console-invalid-field = Falta un campo o no es válido ({ $field }).
console-action-sign-out = cerrar la sesión
console-action-read-alarms = consultar el estado de las alarmas
console-action-read-pass-events = consultar los eventos del pase
console-action-acknowledge = reconocer la alarma
console-action-assign = asignar la alarma
console-action-resolve = resolver la alarma
console-action-read-events = consultar el registro de eventos
console-action-read-gate = consultar la entrada
console-action-pair = crear un enlace de vinculación
console-action-revoke-gate = revocar la entrada
console-action-list-passes = listar los pases
console-action-read-pass = consultar el pase
console-action-revoke-pass = revocar el pase
console-action-replay = reenviar el evento
console-action-list-webhooks = listar los webhooks
console-action-list-dead-letters = listar los eventos no entregados
console-action-resend = reenviar el enlace
console-action-list-messages = listar los mensajes
console-action-read-watchlist = consultar la lista de vigilancia
console-action-remove-entry = quitar el registro
console-action-add-watchlist = añadir a la lista de vigilancia
console-action-read-roll-calls = consultar los recuentos
console-action-start-roll-call = iniciar el recuento
console-action-mark-safe = marcar a { $name } a salvo
console-action-end-roll-call = terminar el recuento
console-action-read-roll-call = consultar el recuento
console-action-save-sso = guardar la configuración del inicio de sesión único
console-action-list-sessions = listar las sesiones
console-action-end-session = finalizar la sesión
console-action-read-sso = consultar la configuración del inicio de sesión único
console-action-issue-pass = emitir el pase
console-action-create-gate = crear la entrada
console-action-read-nodes = consultar los servidores del recinto
console-action-reclaim-lease = recuperar la concesión de { $label }
console-action-revoke-node = revocar { $label }
console-action-rotate-node = crear un nuevo token para { $label }
console-action-resume-node = permitir de nuevo la concesión a { $label }
console-brand-sub = Consola de seguridad
console-sign-out = Cerrar sesión
console-role =
    { $role ->
        [admin] administrador
        [security] seguridad
        [auditor] auditor
        [issuer] emisor
        [host] anfitrión
       *[other] { $role }
    }
console-feed-live = EN DIRECTO
console-feed-connecting = CONECTANDO
console-feed-reconnecting = RECONECTANDO
console-views = Vistas
console-tab-alarms = Alarmas
console-tab-events = Eventos
console-tab-gates = Entradas
console-tab-nodes = Servidores del recinto
console-tab-passes = Pases
console-tab-webhooks = Webhooks
console-tab-messages = Correo
console-tab-watchlist = Vigilancia
console-tab-rollcall = Recuento
console-tab-admin = Gestionar
console-tab-signin = Inicio de sesión
console-loading = Cargando…
console-load-more = Cargar más
console-refresh = Actualizar
console-show = Mostrar
console-cancel = Cancelar
console-copy = Copiar
console-copied = Copiado.
console-copy-selected = Seleccionado: pulse Ctrl+C para copiar.
console-timeline = Cronología
console-timeline-loading = Cargando la cronología…
console-timeline-count =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    }, del más antiguo al más reciente; los nuevos aparecen a medida que ocurren.
console-timeline-of = Cronología de { $pass }
console-tl-challenge-to = desafío emitido para { $gate }
console-actor-title = { $name }: { $subject } en { $issuer }
console-alarms = Alarmas
console-alarms-loading = Cargando las alarmas…
console-alarms-none-open = No hay alarmas abiertas. Las credenciales de entrada copiadas (foreign_nonce), los códigos reutilizados (code_replayed), los desafíos agotados, los conflictos al añadir pases y las coincidencias con la lista de vigilancia aparecen aquí en menos de un segundo.
console-alarms-none = No hay alarmas aquí.
console-back-alarms = ← Todas las alarmas
console-alarm-no-pass = sin pase
console-alarm-no-gate = sin entrada
console-alarm-at = en { $gate }
console-alarm-from = desde { $source }
console-alarm-from-node = del servidor { $node }
console-alarm-at-from-node = en { $gate }, del servidor { $node }
console-alarm-node = servidor { $node }
console-alarm-challenge-of = Desafío de
console-alarm-first-used-at = Código usado primero en
console-alarm-about-foreign-nonce = una respuesta al desafío de otra entrada: ¿credenciales de una entrada copiadas?
console-alarm-about-code-replayed = un código que ya dejó pasar a alguien en otra entrada: ¿una copia?
console-alarm-about-challenge-burned = un desafío agotado por respuestas incorrectas
console-alarm-about-claim-conflict = una segunda cartera intentó añadir un pase ya añadido: ¿un enlace filtrado?
console-alarm-about-watchlist-hit = una persona de la lista de vigilancia en una entrada, o un pase emitido o añadido para ella (véase la lista de vigilancia)
console-alarm-about-auth-failure = autenticaciones fallidas desde un mismo origen (para esta organización: una sesión de consola usada sin su token CSRF o desde otro sitio)
console-alarm-about-site-node-fault = un servidor del recinto envió lo que este servidor rechazó: ¿un token robado o un servidor averiado? Revíselo y, si hay dudas, revóquelo en la vista «Servidores del recinto»
console-alarm-gone = Esta alarma ya no está en el flujo.
console-alarm-choose = Elija una alarma para ver qué se hizo con ella y la cronología del pase: cada escaneo, desafío y respuesta.
console-alarm-heading = Alarma { $id }
console-alarm-fact-alarm = Alarma
console-alarm-fact-state = Estado
console-alarm-fact-assigned-to = Asignada a
console-alarm-fact-when = Cuándo
console-alarm-fact-where = Dónde
console-alarm-fact-shipped-by = Enviado por el servidor
console-alarm-fact-node = Servidor
console-alarm-fact-refused = Rechazado
console-alarm-fact-pass = Pase
console-alarm-fact-reason = Motivo
console-alarm-acknowledge = Reconocer
console-alarm-assign = Asignar
console-alarm-assign-to = Asignar a
console-alarm-resolve = Resolver
console-alarm-outcome = Resultado
console-alarm-note = Nota
console-alarm-already-acknowledged-by = { $name } ya reconoció esta alarma.
console-alarm-already-acknowledged = Esta alarma ya se reconoció.
console-alarm-already-resolved-by = { $name } ya resolvió esta alarma.
console-alarm-already-resolved = Esta alarma ya se resolvió.
console-events = Eventos
console-filters = Filtros
console-filter-kind = Tipo
console-filter-severity = Gravedad
console-filter-gate = Entrada
console-filter-pass = Pase
console-filter-since = Desde
console-filter-until = Hasta
console-filter-any = cualquiera
console-filter-pass-placeholder = un id de pase
console-filter-apply = Aplicar filtros
console-filter-clear = Borrar
console-gate-option-revoked = { $gate } (revocada)
console-export-csv = Exportar CSV
console-export-jsonl = Exportar JSONL
console-filtered-by = Filtrado por { $filters }
console-all-events = Todos los eventos
console-events-summary =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    }, del más antiguo al más reciente. La exportación usa exactamente estos filtros.
console-events-summary-more =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    } por ahora (del más antiguo al más reciente; hay más abajo). La exportación usa exactamente estos filtros.
console-col-time = Hora
console-col-severity = Gravedad
console-col-event = Evento
console-col-gate = Entrada
console-col-pass = Pase
console-col-state = Estado
console-col-uses = Usos
console-col-site = Sede
console-col-valid-until = Válido hasta
console-col-type = Tipo
console-col-attempts = Intentos
console-col-last-error = Último error
console-col-queued = En cola
console-col-to = Para
console-col-what = Qué
console-col-person = Persona
console-col-mode = Modo
console-col-reason = Motivo
console-col-added-by = Añadido por
console-col-expires = Caduca
console-col-started = Iniciado
console-col-who = Quién
console-col-safe = A salvo
console-col-name = Nombre
console-col-status = Situación
console-col-last-seen = Visto por última vez
console-col-marked-by = Marcado por
console-col-where = Dónde
console-col-when = Cuándo
console-col-email = Correo
console-col-role = Rol
console-col-since = Desde
console-col-ends = Termina
console-gates = Entradas
console-gate = Entrada
console-gates-loading = Cargando las entradas…
console-gates-count =
    { $count ->
        [one] { $count } entrada
       *[other] { $count } entradas
    }; { $online } en línea.
console-create-gate = Crear una entrada
console-gate-online = EN LÍNEA
console-gate-offline = SIN CONEXIÓN
console-gate-connected-now = conectada ahora
console-gate-never-connected = nunca conectada
console-gate-last-seen = vista por última vez { $ago } ({ $time })
console-gate-connected-now-sentence = Conectada ahora.
console-gate-never-connected-sentence = Nunca conectada.
console-gate-last-seen-sentence = Vista por última vez { $ago } ({ $time }).
console-gate-revoked-at = revocada { $time }
console-gate-revoked-sentence = Revocada { $time }.
console-gate-connected = Conectada ahora.
console-gate-connected-sockets =
    Conectada ahora ({ $count ->
        [one] { $count } conexión
       *[other] { $count } conexiones
    }).
console-gate-not-connected = No conectada.
console-gate-stats-loading = Cargando la última hora…
console-gate-recent-label = Eventos recientes en esta entrada
console-gate-recent = Eventos recientes
console-gate-all-events = Todos los eventos de esta entrada
console-gate-window =
    { $minutes ->
        [one] Último minuto
       *[other] Últimos { $minutes } minutos
    }
console-tile-scans = Escaneos
console-tile-per-minute = Por minuto ahora
console-tile-admissions = Admisiones
console-tile-denials = Denegaciones
console-tile-errors = Errores
console-chart-title = Escaneos por minuto
console-chart-label = Escaneos por minuto en los últimos { $minutes } minutos: { $total } en total, como máximo { $max } en un minuto
console-chart-start = hace { $minutes } min
console-chart-now = ahora
console-denials-title = Denegaciones por motivo
console-denials-none = Sin denegaciones.
console-gate-manage = Gestionar esta entrada
console-gate-revoke = Revocar la entrada
console-gate-revoke-confirm = Sí, revocar esta entrada
console-back-gates = ← Entradas
console-pair-make = Crear un enlace de vinculación
console-pair-qr = Código QR del enlace de vinculación
console-pair-title = Abra esto en la tableta de la entrada
console-pair-help = Escanee el código con la cámara de la tableta (o envíele el enlace). Funciona una sola vez, hasta { $until }. La vinculación traslada la entrada a ese dispositivo y desconecta cualquier otro.
console-pair-link = Enlace de vinculación
console-passes = Pases
console-passes-loading = Cargando los pases…
console-passes-count =
    { $count ->
        [one] { $count } pase
       *[other] { $count } pases
    }, del más reciente al más antiguo.
console-issue-pass = Emitir un pase
console-open-pass-label = Abrir un pase por id
console-open = Abrir
console-open-pass-invalid = Un id de pase tiene este aspecto: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] emitido
        [claimed] añadido
        [used] agotado
        [revoked] revocado
        [expired] caducado
       *[other] { $state }
    }
console-pass-uses = Usos
console-pass-uses-of = { $uses } de { $max }
console-pass-site = Sede
console-pass-any-gate = cualquier entrada
console-pass-valid = Validez
console-pass-issued = Emitido
console-pass-in-wallet = En una cartera
console-pass-since = desde { $time }
console-pass-not-yet = todavía no
console-pass-id = Id
console-admissions-heading = Admisiones ({ $count })
console-admission-at = en
console-admissions-none = Sin admisiones todavía.
console-pass-revoke = Revocar el pase
console-pass-revoke-confirm = Sí, revocar este pase
console-back-passes = ← Pases
console-pass-attempts = Todos los intentos
console-pass-in-event-log = En el registro de eventos (filtros, exportación)
console-webhooks = Webhooks
console-webhooks-loading = Cargando los webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    }; { $disabled ->
        [one] { $disabled } desactivado
       *[other] { $disabled } desactivados
    }.
console-webhook-disabled = desactivado { $time }
console-webhook-disabled-because = desactivado { $time }: { $reason }
console-webhook-enabled = activo
console-dead-letters = Eventos no entregados
console-dead-letters-loading = Cargando los eventos no entregados…
console-dead-letters-help = Eventos que agotaron los reintentos o cuyo webhook se desactivó (un receptor respondió 410). «Reenviar» vuelve a poner uno en cola, para ya, con otros tres días de reintentos.
console-dead-letters-count =
    { $count ->
        [one] { $count } evento no entregado
       *[other] { $count } eventos no entregados
    }, del más reciente al más antiguo.
console-dead-letters-none = No hay eventos no entregados: cada evento se entregó o aún se está reintentando.
console-replay = Reenviar
console-replay-label = Reenviar { $event }
console-replayed = De nuevo en cola.
console-replayed-disabled = De nuevo en cola; su webhook está desactivado, así que volverá aquí.
console-messages-title = Correo
console-messages = Mensajes
console-messages-help = Enlaces de pase enviados por correo a los visitantes y visitas sin cita avisadas a los anfitriones por correo y por notificación. Una dirección rebotada fue rechazada por el destino; un mensaje abandonado agotó sus reintentos; uno tardío no se envió porque su pase o su visita ya había terminado.
console-messages-loading = Cargando los mensajes…
console-messages-filter-attention = Requieren atención (rebotados, abandonados, tardíos)
console-messages-filter-pending = Pendientes de envío
console-messages-filter-sent = Enviados
console-messages-filter-all = Todos
console-messages-count =
    { $count ->
        [one] { $count } mensaje
       *[other] { $count } mensajes
    }, del más reciente al más antiguo.
console-messages-none-attention = Nada requiere atención: cada mensaje se envió o se está reintentando.
console-messages-none = No hay mensajes.
console-message-kind-invitation = Enlace del pase
console-message-kind-approval-mail = Visita sin cita (correo)
console-message-kind-approval-push = Visita sin cita (notificación)
console-message-state =
    { $state ->
        [pending] pendiente
        [sent] enviado
        [bounced] rebotado
        [dead] abandonado
        [expired] tardío
       *[other] { $state }
    }
console-message-send-again = Reenviar
console-message-send-again-label = Reenviar el enlace del pase de { $to }
console-message-new-address = Nueva dirección para { $to }
console-message-send = Enviar
console-message-sent-again = Reenviado a { $to }; el enlace anterior ya no funciona.
console-watchlist = Lista de vigilancia
console-watch-loading = Cargando la lista de vigilancia…
console-watch-help = Personas a las que señalar o impedir el paso. Una dirección de correo o una referencia externa coincide exactamente; un nombre solo es una posible coincidencia y nunca deniega el paso a nadie. Las entradas solo muestran «espere, por favor: el personal va de camino»; a los visitantes y a los emisores nunca se les dice el motivo.
console-watch-form = Añadir a la lista de vigilancia
console-watch-add = Añadir a la lista
console-watch-name = Nombre
console-watch-email = Correo
console-watch-email-help = Coincidencia exacta, sin distinguir mayúsculas, con o sin +etiqueta.
console-watch-reference = Referencia externa
console-watch-expires = Caduca
console-watch-expires-help = Vacío: nunca.
console-watch-reason = Motivo
console-watch-mode = Modo
console-watch-mode-flag-help = Señalar: dejar pasar y activar una alarma
console-watch-mode-block-help = Bloquear: rechazar sus pases y retenerla en las entradas
console-watch-mode-flag = Señalar
console-watch-mode-block = Bloquear
console-watch-count =
    { $count ->
        [one] { $count } registro
       *[other] { $count } registros
    }.
console-watch-none = No hay nadie en la lista de vigilancia.
console-watch-remove = Quitar
console-watch-remove-label = Quitar a { $who } de la lista de vigilancia
console-watch-added = { $who }, { $time }
console-watch-never = Nunca
console-watch-expired = { $date } (caducado)
console-watch-who-missing = Indique un nombre, un correo o una referencia externa.
console-watch-reason-missing = Indique por qué está en la lista de vigilancia.
console-rollcall = Recuento
console-rc-loading = Cargando los recuentos…
console-rc-help = Cuando se evacúa el edificio: en los puntos de encuentro, el personal de evacuación escanea los pases de los visitantes con una entrada vinculada («Recuento» en la entrada) o marca los nombres a mano. Quien sigue sin localizar aparece primero.
console-rc-start-form = Iniciar un recuento
console-rc-start = Iniciar el recuento
console-rc-who = Quién
console-rc-who-help = La lista incluye a todos los que están dentro ahora: en las zonas, y quienes entraron hoy por entradas sin zona.
console-rc-scope-everyone = Todos, todas las sedes
console-rc-scope-all = Todas las sedes
console-rc-scope-site = Sede { $site }
console-rc-scope-zone = Zona { $zone }
console-rc-count =
    { $count ->
        [one] { $count } recuento
       *[other] { $count } recuentos
    }.
console-rc-none = Todavía no hay recuentos.
console-rc-table = Recuentos
console-rc-started-by = { $time } por { $who }
console-rc-safe-of = { $safe } de { $inside }
console-rc-in-progress = En curso
console-rc-ended = Terminado
console-rc-filter-all = Todos
console-rc-title = Recuento: { $scope }
console-rc-meta-active = Iniciado { $time } por { $who } · En curso
console-rc-meta-ended = Iniciado { $time } por { $who } · Terminado { $endTime } por { $endWho }
console-rc-inside = Dentro
console-rc-safe = A salvo
console-rc-unaccounted = Sin localizar
console-rc-printed = Impreso el { $time } · { $unaccounted } sin localizar de { $inside }
console-rc-download-csv = Descargar CSV
console-rc-export-failed = No se pudo exportar la lista ({ $status }).
console-rc-export-network = No se pudo conectar con el servidor para exportar la lista.
console-rc-print = Imprimir
console-rc-end = Terminar el recuento
console-rc-end-confirm = Sí, terminarlo y archivar el informe
console-rc-mark-safe = Marcar a salvo
console-rc-mark-safe-label = Marcar a salvo: { $name }
console-rc-walk-in = (visita sin cita)
console-rc-marked-by-hand = { $who } (a mano)
console-rc-marked-by-scan = { $who } (escaneo)
console-rc-nobody-here = Nadie en esta vista.
console-rc-nobody-inside = No había nadie registrado dentro cuando empezó el recuento.
console-rc-not-found = Ese recuento no existe.
console-back-rollcalls = ← Todos los recuentos
console-rc-people = Personas del recuento
console-nodes = Servidores del recinto
console-nodes-help = Un servidor del recinto admite los pases de su recinto mientras tiene la concesión del recinto, aunque se caiga la conexión del recinto con este servidor. La lista se vuelve a consultar cada 5 segundos.
console-nodes-loading = Cargando los servidores del recinto…
console-nodes-updated = Actualizado: { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } servidor
       *[other] { $count } servidores
    }: { $holding } con concesión, { $overdue } vencidos.
console-nodes-none = No hay servidores del recinto.
console-nodes-none-help = Un recinto cuya conexión con este servidor pueda caerse durante la avalancha de entradas puede usar uno: consulte docs/operations.md, sección «On-site node».
console-col-node = Servidor
console-col-lease-ends = Fin de la concesión
console-col-sync-lag = Retraso de envío
console-col-shipped-through = Enviado hasta
console-node-state-holding = Con concesión
console-node-state-starting = Iniciando
console-node-state-overdue = Vencido
console-node-state-idle = Inactivo
console-node-state-reclaimed = Recuperado
console-node-state-revoked = Revocado
console-node-state-holding-help = Tiene la concesión del recinto: solo él admite los pases del recinto, y este servidor los rechaza.
console-node-state-starting-help = Su concesión está otorgada pero aún no en vigor: empieza cuando hayan caducado todos los desafíos anteriores.
console-node-state-overdue-help = Su concesión venció sin renovarse: la conexión o el servidor del recinto está caído. Este servidor sigue rechazando los pases del recinto hasta que la concesión se devuelva o se recupere.
console-node-state-idle-help = No tiene concesión: este servidor admite los pases del recinto.
console-node-state-reclaimed-help = Un admin recuperó su concesión: no puede volver a tomar la concesión del recinto hasta que un admin lo permita («Permitir de nuevo la concesión»). Este servidor admite los pases del recinto.
console-node-state-revoked-help = Revocado para siempre: su token ya no funciona y no toma ninguna concesión. Este servidor admite los pases del recinto.
console-node-states = Qué significan los estados
console-node-when = { $time } ({ $relative })
console-node-no-lease = Sin concesión
console-node-never = Nunca
console-node-nothing-shipped = Nada todavía
console-node-revoked-at = Revocado { $when }
console-node-revoked-no-lease = Revocado
console-node-blocked-at = Recuperado { $when }: espera a un admin
console-node-blocked = Recuperado: espera a un admin
console-node-lag = { $seconds } s
console-node-reclaim = Recuperar la concesión
console-node-reclaim-label = Recuperar la concesión: { $label }
console-node-reclaim-confirm = Sí, recuperar la concesión
console-node-reclaim-confirm-label = Sí, recuperar la concesión: { $label }
console-node-reclaim-help = Recupere la concesión de un servidor del recinto solo si se perdió para siempre: este servidor vuelve entonces a admitir el recinto, y un pase que el servidor del recinto admitió sin llegar a notificarlo puede admitirse una segunda vez. Cada recuperación queda auditada con gravedad alta.
console-node-reclaimed = Concesión de { $label } recuperada: este servidor vuelve a admitir los pases del recinto.
console-node-revoke-help = Revoque un servidor del recinto retirado o cuyo token pueda haber sido robado: su token deja de funcionar al instante y su concesión termina, para siempre. «Nuevo token» sustituye el token de un servidor: el anterior deja de funcionar al instante. Tras una recuperación, un servidor vuelve a tomar la concesión del recinto solo cuando un admin pulsa «Permitir de nuevo la concesión». Todo queda auditado.
console-node-revoke = Revocar
console-node-revoke-label = Revocar el servidor: { $label }
console-node-revoke-confirm = Sí, revocar el servidor
console-node-revoke-confirm-label = Sí, revocar el servidor: { $label }
console-node-revoked = { $label } revocado: su token ya no funciona y su concesión terminó.
console-node-rotate = Nuevo token
console-node-rotate-label = Nuevo token: { $label }
console-node-rotate-confirm = Sí, crear un nuevo token
console-node-rotate-confirm-label = Sí, crear un nuevo token: { $label }
console-node-rotated = Nuevo token creado para { $label }: el anterior ya no funciona.
console-node-token-title = Nuevo token para { $label }
console-node-token-help = El token anterior dejó de funcionar al instante: el servidor queda rechazado hasta que su archivo de token contenga este y se reinicie. Cópielo ahora: solo se muestra esta vez.
console-node-token = Token del servidor
console-node-token-hide = Ocultar el token
console-node-resume = Permitir de nuevo la concesión
console-node-resume-label = Permitir de nuevo la concesión: { $label }
console-node-resumed = { $label } puede volver a tomar la concesión del recinto.
console-signin-view = Inicio de sesión
console-sso = Inicio de sesión único
console-sso-help = Permita que el personal inicie sesión con el proveedor de identidad de su organización (OpenID Connect). Consulte docs/sign-in.md para Keycloak, Entra ID y Google.
console-sso-form = Configuración del inicio de sesión único
console-sso-issuer = URL del emisor
console-sso-issuer-help = Exactamente como se identifica su proveedor de identidad (su documento de descubrimiento se obtiene al guardar).
console-sso-client-id = ID de cliente
console-sso-client-secret = Secreto de cliente
console-sso-secret-help = Obligatorio la primera vez; se guarda sellado y no vuelve a mostrarse.
console-sso-secret-stored = Hay un secreto guardado. Deje este campo vacío para conservarlo.
console-sso-domains = Dominios de correo permitidos
console-sso-domains-help = Separados por comas, coincidencia exacta. Vacío: cualquiera que su proveedor avale.
console-sso-role-claim = Claim de rol
console-sso-role-claim-help = El claim del token de ID cuyos valores otorgan roles: groups, roles o una ruta como realm_access.roles.
console-sso-role-map = Valores del claim que otorgan cada rol (separados por comas; gana la coincidencia más fuerte; sin coincidencia se rechaza)
console-sso-role-admins = Administradores
console-sso-role-security = Seguridad
console-sso-role-auditors = Auditores
console-sso-role-issuers = Emisores
console-sso-role-hosts = Anfitriones
console-sso-key-sign-in = El personal también puede iniciar sesión en estas páginas con una clave de API
console-sso-save = Guardar
console-sso-issuer-missing = Introduzca la URL del emisor y el ID de cliente.
console-sso-role-map-missing = Asigne al menos un valor del claim a un rol; si no, nadie podrá iniciar sesión.
console-sso-saved = Guardado. Registre las direcciones siguientes en su proveedor de identidad.
console-sso-redirect-uri = URI de redirección
console-sso-logout-uri = URI de cierre de sesión back-channel
console-sso-post-logout-uri = URI de redirección tras cerrar sesión
console-sso-sign-in-link = Enlace de inicio de sesión para el personal
console-sessions = Sesiones activas
console-sessions-loading = Cargando las sesiones…
console-sessions-count =
    { $count ->
        [one] { $count } sesión activa
       *[other] { $count } sesiones activas
    }.
console-session-end = Finalizar
console-session-end-label = Finalizar la sesión de { $who }
console-session-api-key = Clave de API
console-manage = Gestionar
console-issue-label = Visitante (nombre del pase)
console-issue-site = Sede
console-issue-site-help = Opcional: solo las entradas de esta sede aceptan el pase.
console-issue-from = Válido desde
console-issue-from-help = Vacío: desde ahora.
console-issue-until = Válido hasta
console-issue-uses = Usos
console-issue-submit = Emitir pase
console-issue-label-missing = Indique para quién es el pase.
console-issue-until-missing = Indique hasta cuándo es válido el pase.
console-issue-uses-invalid = Los usos deben ser un número entero de 1 a 100 000.
console-issued-for = Pase emitido para { $label }
console-issued-help = Envíe al visitante este enlace del pase (o deje que escanee el código). Añade el pase a una sola cartera.
console-claim-qr = Código QR del enlace del pase
console-claim-link = Enlace del pase
console-open-pass = Abrir el pase
console-gate-label = Nombre de la entrada
console-gate-label-help = Lo que leen los vigilantes y los auditores, p. ej. «Entrada norte».
console-gate-site = Sede
console-gate-site-help = Opcional: la entrada acepta los pases de esta sede (y los pases sin sede).
console-create-gate-submit = Crear entrada
console-gate-label-missing = Introduzca un nombre para la entrada.
console-gate-created = Entrada «{ $label }» creada
console-gate-created-help = Vincule una tableta con ella: cree un enlace de vinculación y ábralo en la tableta.
console-open-gate = Abrir la entrada
console-device-token-summary = Token de dispositivo para una entrada nativa (se muestra una sola vez)
console-device-token = Token de dispositivo
gate-title = Puesto de entrada Tessera
gate-loading = Abriendo el puesto de entrada…
gate-pairing-title = Vinculando este dispositivo…
gate-pairing-text = Este dispositivo se convierte en un puesto de entrada. No hay que escribir nada.
gate-pairing-network = No se pudo conectar con el servidor para vincular este dispositivo. Compruebe la red y vuelva a intentarlo.
gate-pairing-rate-limited = Demasiados intentos de vinculación desde este dispositivo. Espere un minuto y vuelva a abrir el enlace.
gate-pairing-invalid = Este enlace de vinculación ya se usó o ha caducado. Pida uno nuevo.
gate-pairing-refused = El servidor rechazó la vinculación ({ $code }). Pida un enlace nuevo.
gate-pairing-refused-title = Vinculación rechazada
gate-try-again = Reintentar
gate-continue-as = Continuar como { $gate }
gate-continue-as-this = Continuar como este puesto
gate-unreachable = No se pudo conectar con el servidor. Compruebe la red.
gate-unavailable-title = Puesto de entrada no disponible
gate-start-failed = El puesto de entrada no pudo iniciarse: { $error }
gate-not-paired-title = No vinculado
gate-not-paired-text = Este dispositivo no es (o ya no es) un puesto de entrada. Para convertirlo en uno, pida a la administración del sitio un enlace de vinculación y ábralo en este dispositivo.
gate-not-paired-hint = Un enlace de vinculación sirve una sola vez y durante 10 minutos. No hay que escribir nada.
gate-not-paired-revoked = Este dispositivo ya no está vinculado como puesto de entrada (se revocó, o se vinculó otro dispositivo en su lugar).
gate-label-fallback = Entrada
gate-status-connecting = CONECTANDO
gate-status-online = EN LÍNEA
gate-status-offline = SIN CONEXIÓN
gate-counters-label = Contadores del turno de hoy
gate-counters-title = Hoy
gate-count-admitted =
    { $count ->
        [one] admitido
       *[other] admitidos
    }
gate-count-admitted-title = Admitidos hoy
gate-count-already =
    { $count ->
        [one] repetido
       *[other] repetidos
    }
gate-count-already-title = Volvieron hoy (ya admitidos)
gate-count-denied =
    { $count ->
        [one] rechazado
       *[other] rechazados
    }
gate-count-denied-title = Rechazados hoy
gate-muster-toggle = Recuento
gate-muster-toggle-back = Volver a las entradas
gate-offline-connecting = SIN CONEXIÓN — conectando con el servidor…
gate-offline-reconnecting = SIN CONEXIÓN — no deje entrar a nadie. Reconectando en { $seconds } s…
gate-scanner-panel-label = Lector
gate-camera-label = Imagen de la cámara
gate-camera-on = Cámara activa: acerque un código.
gate-camera-refused = Se denegó el acceso a la cámara. Permita la cámara para este sitio o use un lector de mano.
gate-camera-none = No se pudo iniciar ninguna cámara. Use un lector de mano.
gate-camera-on-back = Cámara trasera activa: acerque un código.
gate-camera-back = Cámara trasera
gate-scanner-label = Entrada del lector de mano
gate-ready-title = Listo para escanear
gate-ready-text = Acercar el código del pase a la cámara.
gate-muster-ready-title = Recuento: escanear para marcar a salvo
gate-muster-ready-text = Acercar el código del pase a la cámara. Nadie entra mientras el recuento está en esta pantalla.
gate-checking-code = Comprobando el código…
gate-checking-answer = Comprobando la respuesta…
gate-code-on-way = El código va de camino al servidor.
gate-answer-on-way = { $visitor }: la respuesta del teléfono va de camino al servidor.
gate-answer-on-way-anonymous = La respuesta del teléfono va de camino al servidor.
gate-offline-kept = Se guarda y se envía cuando vuelva la conexión: no deje entrar todavía.
gate-challenge-title = Acerque su teléfono a esta pantalla
gate-challenge-qr-label = Código de control de la entrada para la billetera del visitante
gate-challenge-then = Su billetera responde sola. Si no: pulse «Escanear código del control de acceso» en la billetera, apunte a esta pantalla y luego acerque su respuesta a la cámara.
gate-countdown = Responder en { $seconds } s
gate-countdown-over = Se acabó el tiempo
gate-party-challenge-title = Grupo de { $count }: acerque su teléfono a esta pantalla
gate-party-challenge-qr-label = Código de control de la entrada para un grupo de { $count }, para la billetera del visitante
gate-codes-on-way = Los códigos del grupo van camino del servidor.
gate-answers-on-way = Las respuestas del grupo van camino del servidor.
gate-more-waiting =
    { $count ->
        [one] { $count } persona más espera para responder
       *[other] { $count } personas más esperan para responder
    }
gate-no-storage = Este navegador no deja al puesto guardar su registro: al recargar se pierden los escaneos en curso.
gate-journal-foreign = El registro pertenece a otro puesto; recargue la página.
gate-journal-failed = El puesto no pudo guardar su registro ({ $error }). Recargue la página.
gate-clock-skew = El reloj de este dispositivo difiere { $seconds } s del del servidor.
gate-duplicate = El mismo código otra vez: esperando la respuesta del teléfono.
gate-scan-queued = Sin conexión: el escaneo espera y se envía cuando vuelva la conexión.
gate-answer-queued = Sin conexión: la respuesta espera y se envía cuando vuelva la conexión.
gate-ignored = Ignorado: { $why }.
gate-rejected-too-long = línea demasiado larga
gate-rejected-challenge = es el código de control de la entrada; debe responderlo la billetera del visitante
gate-rejected-not-tessera = no es un código de Tessera (se esperaba TSR1:…, TSR1P:…, TSR1R:… o TSR1S:…)
gate-rejected-unreadable = respuesta de la billetera ilegible (TSR1R:…); escanéela de nuevo
gate-rejected-no-challenge = no hay control abierto para este pase; escanee primero el código del visitante
gate-rejected-party-unreadable = código o respuesta de grupo ilegible (TSR1P:… o TSR1S:…); escanéelo de nuevo
gate-server-busy = Servidor ocupado ({ $code }); se reintentará.
gate-server-refused = El servidor rechazó esto ({ $code }).
gate-server-refused-reason = El servidor rechazó esto ({ $code }): { $reason }
gate-unanswered = { $visitor } no respondió a tiempo: escaneo cerrado. Escanee el código de nuevo.
gate-unanswered-phone = El teléfono no respondió a tiempo: escaneo cerrado. Escanee el código de nuevo.
gate-abandoned = Se descartó un escaneo hecho sin conexión (su código ya es demasiado antiguo). Escanee de nuevo.
gate-word-admitted = ADMITIDO
gate-word-already-admitted = YA ADMITIDO
gate-word-denied = DENEGADO
gate-word-please-wait = ESPERE, POR FAVOR
gate-word-approved = APROBADO
gate-word-no-answer = SIN RESPUESTA
gate-word-safe = A SALVO
gate-word-already-safe = YA A SALVO
gate-word-not-marked = NO REGISTRADO
gate-word-not-checked = SIN COMPROBAR
gate-strip-heading = Últimos veredictos
gate-strip-unnamed = Visitante
gate-strip-why = { $reason } ({ $code })
gate-party-person = Persona { $n } de { $count }
gate-party-unanswered = SIN RESPUESTA — el teléfono no respondió a tiempo por este pase
gate-party-not-checked = SIN COMPROBAR — este pase no se comprobó; escanéelo de nuevo
gate-party-all = Los { $count } pueden entrar
gate-party-all-already = Los { $count } ya entraron antes
gate-party-none = Nadie de este grupo de { $count } puede entrar
gate-party-some = DEJAR PASAR A { $admitted } DE { $count }
gate-party-some-detail = Detenga a los demás: cada línea dice por qué.
gate-verdict-denied = DENEGADO — { $reason } ({ $code })
gate-verdict-not-marked = NO REGISTRADO — { $reason } ({ $code })
gate-verdict-hint = Toque para continuar
gate-replayed = Confirmado de nuevo tras una respuesta perdida
gate-first-entry =
    Primer acceso a las { $time } ({ $ago }) { $where ->
        [this] en esta entrada
        [another] en otra entrada
       *[named] en { $gate }
    }
gate-first-entry-earlier =
    Primer acceso antes { $where ->
        [this] en esta entrada
        [another] en otra entrada
       *[named] en { $gate }
    }
gate-same-phone = El mismo teléfono que en el primer acceso: dejar pasar solo si salió y volvió
gate-hold-detail = El personal está en camino. Mantenga aquí a la persona; no la deje pasar.
gate-stale-detail = El código tiene { $seconds } s de antigüedad. Pida ver la billetera en directo.
gate-future-detail = El código va { $seconds } s adelantado. Hay que corregir el reloj del teléfono.
gate-safe-detail = Registrado a salvo en este punto de reunión
gate-marked-safe = Registrado a salvo
gate-marked-safe-by = Registrado a salvo por { $by }
gate-marked-safe-at = Registrado a salvo a las { $time } ({ $ago })
gate-marked-safe-at-by = Registrado a salvo a las { $time } ({ $ago }) por { $by }
gate-ago-earlier = antes
gate-ago-now = ahora mismo
gate-ago-seconds = hace { $seconds } s
gate-ago-minutes = hace { $minutes } min
gate-ago-hours = hace { $hours } h { $minutes } min
gate-ago-date = el { $date }
reason-malformed-code = no es un código de Tessera
reason-unknown-pass = pase desconocido
reason-not-claimed = el pase aún no está en una billetera
reason-bad-code = código erróneo, falsificado o de otro teléfono
reason-stale-code = código antiguo, ¿una captura de pantalla?
reason-future-code = código del futuro, el reloj del teléfono está mal
reason-revoked = pase cancelado por el emisor
reason-expired = el pase ha caducado
reason-not-yet-valid = el pase aún no es válido
reason-wrong-site = el pase es para otra sede
reason-code-replayed = código ya usado en otra entrada, ¿una copia?
reason-challenge-expired = el teléfono respondió tarde, escanee de nuevo
reason-bad-response = respuesta errónea, ¿no es el teléfono del titular? Déjele intentarlo de nuevo
reason-challenge-burned = demasiadas respuestas erróneas, escanee de nuevo
reason-foreign-nonce = la respuesta es del escaneo de otra entrada
reason-unknown-nonce = control desconocido, escanee de nuevo
reason-not-inside = no está dentro de esta zona, no hay nada que dejar
reason-zone-not-allowed = el pase no es válido para esta zona
reason-already-inside = ya está dentro de esta zona
reason-reentry-not-allowed = no se permite volver a entrar tras salir de esta zona
reason-entry-limit = no quedan entradas hoy para esta zona
reason-see-staff = espere, por favor: el personal está en camino
reason-no-roll-call = no hay ningún recuento en curso para esta entrada
reason-not-on-roll-call = no figura en la lista del recuento (no consta dentro)
reason-site-delegated = se decide en otro lugar (el servidor del recinto o el servidor central)
reason-other = rechazado por el servidor
gate-walkins-heading = Visitas sin cita
gate-walkin-open = Sin cita
gate-walkins-empty = ¿Un visitante sin pase? Toque «Sin cita» para preguntar a su anfitrión.
gate-walkin-list-label = Solicitudes de visitas sin cita
gate-walkin-done = Listo
gate-walkin-done-label = Listo con { $name }
gate-walkin-for = para { $host }
gate-host-unknown = la persona anfitriona
gate-host-flat = Apartamento { $unit }
gate-line-asking = Preguntando al anfitrión…
gate-line-offline = Sin conexión: se envía cuando vuelva la conexión. No deje entrar todavía.
gate-line-waiting = Esperando la respuesta del anfitrión
gate-line-waiting-left = Esperando la respuesta del anfitrión · quedan { $left }
gate-line-waiting-up = Esperando la respuesta del anfitrión · se acabó el tiempo, comprobando…
gate-line-denied = Denegado por { $host }
gate-line-expired = Sin respuesta a tiempo de { $host }
gate-line-failed = No enviado: el servidor lo rechazó ({ $code })
gate-line-failed-reason = No enviado: el servidor lo rechazó ({ $code }): { $reason }
gate-walkin-busy = Servidor ocupado ({ $code }); se volverá a preguntar al anfitrión en breve.
gate-walkin-refused = El servidor rechazó la visita sin cita de { $visitor } ({ $code }).
gate-walkin-too-many = Ya hay demasiadas visitas sin cita en espera.
gate-walkin-title = Visita sin cita
gate-walkin-intro = Se pregunta al anfitrión en su teléfono; la respuesta aparece aquí.
gate-walkin-name = Nombre del visitante
gate-walkin-host = Anfitrión (nombre o apartamento)
gate-walkin-note = Nota para el anfitrión (opcional)
gate-walkin-submit = Preguntar al anfitrión
gate-cancel = Cancelar
gate-hosts-label = Anfitriones encontrados
gate-walkin-asking = Se pregunta a { $host }
gate-host-searching = Buscando…
gate-host-search-network = No se pudo conectar con el servidor para buscar anfitriones.
gate-host-search-failed = La búsqueda de anfitriones falló ({ $code }).
gate-hosts-found =
    { $count } { $count ->
        [one] anfitrión
       *[other] anfitriones
    }: elija uno.
gate-hosts-found-matching =
    { $count } { $count ->
        [one] anfitrión coincide
       *[other] anfitriones coinciden
    } con «{ $query }»: elija uno.
gate-hosts-none = Ningún anfitrión coincide con «{ $query }».
gate-problem-name-missing = Escriba el nombre del visitante.
gate-problem-name-long = El nombre es demasiado largo (máximo { $max } caracteres).
gate-problem-name-unprintable = El nombre tiene caracteres que no se pueden imprimir.
gate-problem-host = Elija el anfitrión por el que pregunta el visitante.
gate-problem-note-long = La nota es demasiado larga (máximo { $max } caracteres).
gate-problem-note-unprintable = La nota tiene caracteres que no se pueden imprimir.
gate-walkin-approved-by = Aprobado por { $host }
gate-walkin-let-in = { $name }: dejar entrar
gate-walkin-refused-by = Denegado por { $host }. No deje entrar.
gate-walkin-no-answer-detail = { $host }: sin respuesta. No deje entrar; vuelva a preguntar o llame al anfitrión.
gate-walkin-verdict-denied = DENEGADO — el anfitrión dijo que no ({ $code })
gate-walkin-verdict-no-answer = SIN RESPUESTA — el anfitrión no respondió a tiempo ({ $code })
gate-muster-title = Recuento: { $scope }
gate-scope-all = Todas las sedes
gate-scope-site = Sede { $site }
gate-scope-zone = Zona { $zone }
gate-muster-help = Escanee el pase de una persona para marcarla a salvo: su teléfono debe responder, como en una entrada. No se deja entrar a nadie. O marque un nombre a mano.
gate-muster-search = Buscar un nombre
gate-muster-list-label = Personas del recuento
gate-muster-counts = { $safe } de { $inside } a salvo · { $unaccounted } aún sin ver
gate-person-safe = A salvo
gate-person-safe-by = A salvo · registrado por { $by }
gate-person-sending = A salvo · enviando…
gate-person-queued = A salvo · se envía cuando vuelva la conexión
gate-person-missing = Aún sin ver · visto por última vez en { $place }
gate-person-missing-walk-in = Aún sin ver · visita sin cita ni pase, entró por { $place }
gate-mark-safe = Marcar a salvo
gate-mark-safe-label = Marcar a salvo: { $name }
gate-muster-empty = No consta nadie dentro.
gate-muster-no-match = Nadie de la lista coincide con «{ $query }».
gate-muster-ended = El recuento ha terminado: se vuelve a las entradas.
gate-mark-save-failed = No se pudo guardar la marca en este dispositivo ({ $error }).
gate-mark-refused = { $name } no se registró: { $code }.
gate-mark-refused-ended = { $name } no se registró: el recuento ha terminado.
`,fr:`# The language's name in itself, as the switcher lists it.
language-name = Français
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr
common-language = Langue
common-times-in-zone = Les heures sont celles du site ({ $zone }).
common-sso-email = Adresse e-mail professionnelle
common-sso-email-help = Vous vous connectez sur la page de connexion de votre organisation, puis vous revenez ici.
common-sso-continue = Continuer avec l’authentification unique
common-sso-email-invalid = Saisissez votre adresse e-mail professionnelle, par exemple ada@example.com.
common-sso-title = Connexion avec votre organisation
error-other = Le serveur a refusé cette opération ({ $code }).
error-unauthorized = Connexion requise, ou votre clé n’est plus valide.
error-forbidden = Cette clé n’a pas l’autorisation de faire cela.
error-key-sign-in-off = La connexion par clé est désactivée ici : utilisez l’authentification unique.
error-not-found = Introuvable.
error-invalid-claim = Ce lien ne fonctionne pas : il a déjà été utilisé, remplacé ou mal saisi.
error-invalid-pairing = Ce lien d’association a déjà été utilisé ou a expiré.
error-already-claimed = Ce pass se trouve déjà dans un autre portefeuille.
error-revoked = Ce pass a été annulé.
error-invalid-public-key = La clé du portefeuille a été refusée.
error-bad-request = La requête n’a pas été comprise.
error-payload-too-large = C’est trop volumineux pour être envoyé.
error-rate-limited = Trop de tentatives : patientez un instant, puis réessayez.
error-refused-by-policy = Les règles de l’organisation ne le permettent pas.
error-already-acknowledged = Quelqu’un a déjà acquitté cette alarme.
error-already-resolved = Cette alarme a déjà été résolue.
error-not-permitted = Cette action est impossible pour cette personne. Veuillez vous adresser au personnel.
error-invalid-field = Un champ est manquant ou non valide.
error-storage-unavailable = Le serveur ne parvient pas à joindre sa base de données pour le moment : réessayez dans quelques instants.
error-internal = Le serveur a rencontré une erreur : réessayez, et prévenez le personnel si le problème persiste.
error-transfer-not-allowed = Ce pass ne peut pas être transmis.
error-not-claimed = Aucun portefeuille ne contient encore ce pass.
error-request-id-reused = Cette demande a déjà été envoyée avec un autre contenu.
error-already-decided = Cette demande a déjà reçu une réponse.
error-approval-timeout = Le délai pour répondre à cette demande est dépassé.
error-bad-proof = Ce portefeuille n’a pas pu prouver le transfert.
error-invalid-nonce = Le lien de transfert a expiré : créez-en un nouveau.
error-unknown-pass = Ce pass est inconnu ici.
error-key-revoked = Cette clé a été révoquée : créez-en une nouvelle.
error-last-admin-key = La dernière clé d’administration ne peut pas être révoquée.
error-network = Pas de connexion au serveur. Vérifiez le réseau, puis réessayez.
audit-kind-scan = scan
audit-kind-challenge-issued = défi émis
audit-kind-response = réponse
audit-kind-challenge-unanswered = défi sans réponse
audit-kind-rate-limited = débit limité
audit-kind-gate-connection-refused = connexion d’une entrée refusée
audit-kind-claim = pass ajouté à un portefeuille
audit-kind-claim-rejected = ajout au portefeuille refusé
audit-kind-claim-conflict = conflit d’ajout au portefeuille
audit-kind-pass-issued = pass émis
audit-kind-pass-revoked = pass annulé
audit-kind-api-key-created = clé API créée
audit-kind-api-key-revoked = clé API révoquée
audit-kind-api-key-rotated = clé API renouvelée
audit-kind-gate-created = entrée créée
audit-kind-auth-failure = échec d’authentification
audit-kind-gate-pairing-created = lien d’association d’une entrée créé
audit-kind-gate-paired = entrée associée
audit-kind-gate-revoked = entrée révoquée
audit-kind-gate-connected = entrée connectée
audit-kind-gate-disconnected = entrée déconnectée
audit-kind-console-signed-in = connexion à la console
audit-kind-console-signed-out = déconnexion de la console
audit-kind-retention = durée de conservation appliquée
audit-kind-host-created = hôte créé
audit-kind-walk-in-requested = visite sans rendez-vous demandée
audit-kind-walk-in-approved = visite sans rendez-vous autorisée
audit-kind-walk-in-denied = visite sans rendez-vous refusée
audit-kind-walk-in-expired = visite sans rendez-vous expirée
audit-kind-pass-rebound = pass réassocié
audit-kind-transfer-started = transfert lancé
audit-kind-pass-transferred = pass transféré
audit-kind-transfer-rejected = transfert refusé
audit-kind-webhook-created = webhook créé
audit-kind-webhook-disabled = webhook désactivé
audit-kind-webhook-enabled = webhook activé
audit-kind-webhook-secret-rotated = secret du webhook renouvelé
audit-kind-webhook-deleted = webhook supprimé
audit-kind-zone-created = zone créée
audit-kind-zone-checkout = sortie de zone
audit-kind-sso-configured = authentification unique configurée
audit-kind-sso-removed = authentification unique supprimée
audit-kind-sso-sign-in-failed = échec de connexion par authentification unique
audit-kind-sso-sessions-ended = sessions d’authentification unique terminées
audit-kind-sso-domain-changed = domaine de connexion modifié
audit-kind-session-ended = session terminée
audit-kind-message-queued = message mis en file d’attente
audit-kind-message-sent = message envoyé
audit-kind-message-bounced = message rejeté
audit-kind-message-dead = message abandonné
audit-kind-message-expired = message expiré
audit-kind-mail-settings-changed = paramètres d’e-mail modifiés
audit-kind-alarm-acknowledged = alarme acquittée
audit-kind-alarm-assigned = alarme attribuée
audit-kind-alarm-resolved = alarme résolue
audit-kind-watchlist-hit = correspondance sur la liste de surveillance
audit-kind-watchlist-entry-added = entrée ajoutée à la liste de surveillance
audit-kind-watchlist-entry-changed = entrée de la liste de surveillance modifiée
audit-kind-watchlist-entry-removed = entrée retirée de la liste de surveillance
audit-kind-personal-data-exported = données personnelles exportées
audit-kind-personal-data-erased = données personnelles effacées
audit-kind-privacy-settings-changed = paramètres de confidentialité modifiés
audit-kind-locale-settings-changed = paramètres de langue et de fuseau horaire modifiés
audit-kind-roll-call-started = appel lancé
audit-kind-roll-call-marked = personne pointée lors de l’appel
audit-kind-roll-call-ended = appel terminé
audit-kind-muster-scanned = scan au point de rassemblement
audit-kind-muster-refused = scan refusé au point de rassemblement
audit-kind-site-node-created = serveur sur site enregistré
audit-kind-site-lease-granted = bail du site accordé
audit-kind-site-lease-ended = bail du site terminé
audit-kind-site-lease-extended = bail du site prolongé sur place
audit-kind-site-conflict = conflit sur site
audit-kind-site-node-revoked = serveur sur site révoqué
audit-kind-site-node-token-rotated = nouveau jeton pour un serveur sur site
audit-kind-site-node-resumed = serveur sur site de nouveau autorisé à prendre un bail
audit-kind-site-node-fault = serveur sur site : envoi refusé
audit-severity-info = info
audit-severity-warning = avertissement
audit-severity-high = élevée
audit-by = { $what } — par { $who }
audit-resent = { $what } (renvoi)
audit-on-site = { $what } (sur site)
audit-from-node = { $what } — du serveur { $node }
audit-node-revoked = serveur { $node } révoqué : son jeton ne fonctionne plus
audit-node-token-rotated = nouveau jeton pour le serveur { $node } : l’ancien ne fonctionne plus
audit-node-resumed = le serveur { $node } peut de nouveau prendre le bail de son site
audit-node-fault =
    { $count ->
        [one] le serveur { $node } a envoyé { $count } élément refusé par ce serveur
       *[other] le serveur { $node } a envoyé { $count } éléments refusés par ce serveur
    }
audit-node-fault-why =
    { $count ->
        [one] le serveur { $node } a envoyé { $count } élément refusé par ce serveur : { $reasons }
       *[other] le serveur { $node } a envoyé { $count } éléments refusés par ce serveur : { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = un type qu’aucun serveur sur site ne produit
audit-node-fault-malformed-details = des détails de forme incorrecte
audit-node-fault-severity-too-high = une gravité trop élevée pour son type
audit-node-fault-foreign-gate = une entrée d’un autre site
audit-node-fault-foreign-pass = un pass d’un autre site
audit-node-fault-outside-lease = une heure hors de ses baux
audit-node-fault-foreign-lease = un bail qu’il n’a jamais détenu
audit-sso-refused = authentification unique refusée : { $reason }
audit-sso-refused-detail = authentification unique refusée : { $reason } ({ $detail })
audit-mail-queued = lien du pass mis en file d’attente
audit-mail-queued-to = lien du pass mis en file d’attente pour { $to }
audit-mail-resent = lien du pass renvoyé
audit-mail-resent-to = lien du pass renvoyé à { $to }
audit-mail-sent = e-mail envoyé
audit-mail-sent-to = e-mail envoyé à { $to }
audit-mail-bounced = e-mail rejeté
audit-mail-bounced-to = e-mail rejeté par { $to }
audit-mail-bounced-error = e-mail rejeté ({ $error })
audit-mail-bounced-to-error = e-mail rejeté par { $to } ({ $error })
audit-mail-dead = envoi de l’e-mail abandonné
audit-mail-dead-to = envoi de l’e-mail à { $to } abandonné
audit-mail-dead-error = envoi de l’e-mail abandonné ({ $error })
audit-mail-dead-to-error = envoi de l’e-mail à { $to } abandonné ({ $error })
audit-mail-expired = e-mail non envoyé : son pass a expiré avant
audit-mail-expired-to = e-mail non envoyé : son pass a expiré avant ({ $to })
audit-sso-sessions-ended =
    sessions terminées par le fournisseur d’identité ({ $cause ->
        [access_ended] accès retiré
       *[other] déconnexion chez le fournisseur
    })
audit-scan-denied = scan refusé : { $reason } — { $words }
audit-scan-resent = scan renvoyé
audit-scan-refused = scan rejeté : { $error }
audit-answer = réponse
audit-answer-denied = réponse refusée : { $reason } — { $words }
audit-answer-refused = réponse rejetée : { $error }
audit-outcome-admitted = admis
audit-outcome-already-admitted = déjà admis
audit-outcome-denied = refusé
audit-challenge-unanswered = défi sans réponse (expiré sans réponse valide)
audit-claim-conflict = claim_conflict — un second portefeuille a tenté d’ajouter ce pass
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = sur { $surface }
audit-detail = ({ $detail })
audit-claim-refused = ajout au portefeuille refusé
audit-claim-refused-why = ajout au portefeuille refusé ({ $reason })
audit-rate-limited = débit limité
audit-rate-limited-frames =
    débit limité : { $frames ->
        [one] { $frames } trame
       *[other] { $frames } trames
    }
audit-walk-in-requested = visite sans rendez-vous demandée
audit-walk-in-approved = visite sans rendez-vous autorisée par l’hôte : admis
audit-walk-in-denied = visite sans rendez-vous refusée par l’hôte
audit-walk-in-expired = visite sans rendez-vous expirée : l’hôte n’a pas répondu à temps
audit-pass-rebound = pass réassocié à un nouveau portefeuille (l’ancien ne fonctionne plus)
audit-pass-transferred = pass transféré à un nouveau titulaire
audit-gate-short = entrée { $id }
audit-pass-short = pass { $id }
audit-node-unknown = inconnu
audit-clock-date = { $day }/{ $month }/{ $year } { $time }
audit-filter-gate-id = L’entrée doit être un identifiant comme 0190c3e1-…-… ; choisissez-en une dans une liste ou collez son identifiant.
audit-filter-pass-id = Le pass doit être un identifiant comme 0190c3e1-…-… ; choisissez-en un dans une liste ou collez son identifiant.
audit-filter-severity = La gravité doit être « info », « avertissement » ou « élevée ».
audit-filter-since-until = Le début doit précéder la fin.
audit-alarms-filter-active = Ouvertes et acquittées
audit-alarms-filter-open = Ouvertes
audit-alarms-filter-acknowledged = Acquittées
audit-alarms-filter-resolved = Résolues
audit-alarms-filter-all = Toutes
audit-alarm-outcome-confirmed = Confirmée
audit-alarm-outcome-false-alarm = Fausse alerte
audit-alarm-outcome-duplicate = Doublon
audit-alarm-outcome-no-action = Aucune action
audit-alarm-state-open = Ouverte
audit-alarm-acknowledged-by = Acquittée par { $who }
audit-alarm-acknowledged-by-someone = Acquittée par quelqu’un
audit-alarm-resolved-by =
    Résolue ({ $outcome ->
        [confirmed] confirmée
        [false_alarm] fausse alerte
        [duplicate] doublon
        [no_action] aucune action
       *[none] sans issue
    }) par { $who }
audit-alarm-resolved-by-someone =
    Résolue ({ $outcome ->
        [confirmed] confirmée
        [false_alarm] fausse alerte
        [duplicate] doublon
        [no_action] aucune action
       *[none] sans issue
    }) par quelqu’un
console-title = Console de sécurité Tessera
console-opening = Ouverture de la console…
console-try-again = Réessayer
console-start-network = Impossible de joindre le serveur. Vérifiez le réseau.
console-start-not-ready = Le serveur n’est pas prêt (HTTP { $status }).
console-host-session = Vous êtes connecté comme hôte sur cet appareil : les hôtes utilisent /host. Connectez-vous ici avec une clé d’administrateur ou d’auditeur.
console-signin-intro = Les alarmes, les entrées, les pass et le journal d’audit de votre organisation.
console-signin-key = Clé d’API
console-signin-key-help = Une clé d’administrateur ou d’auditeur. Elle est envoyée une seule fois pour ouvrir une session et n’est pas conservée sur cet appareil.
console-signin-button = Se connecter
console-signin-key-missing = Saisissez une clé d’API.
console-signin-host-key = C’est une clé d’hôte : les hôtes utilisent la page des hôtes, /host. La console est réservée aux clés d’administrateur et d’auditeur.
console-signin-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
console-signin-not-accepted = Cette clé d’API n’a pas été acceptée. Vérifiez-la et réessayez.
console-signin-forbidden = Cette clé ne peut pas ouvrir la console : seules les clés d’administrateur et d’auditeur le peuvent (ou la page n’est pas à l’adresse propre du serveur).
console-signin-rate-limited = Trop de connexions échouées depuis cette adresse. Patientez une minute, puis réessayez.
console-signin-refused = Le serveur a refusé la connexion ({ $code }).
console-signed-out = Déconnecté.
console-session-ended = Votre session est terminée. Reconnectez-vous.
console-session-expired = Votre session a expiré (une vacation). Reconnectez-vous.
console-problem-network = Impossible { $action } : le serveur est injoignable. Vérifiez le réseau, puis réessayez.
console-problem-forbidden = Cette session ne permet pas { $action } ({ $code }).
console-problem-not-found = Impossible { $action } : introuvable.
console-problem-rate-limited = Trop de requêtes ; patientez une minute, puis réessayez.
console-problem-status = Impossible { $action } : HTTP { $status }.
console-problem-refused = Impossible { $action } : { $reason }
console-invalid-field = Un champ est manquant ou invalide ({ $field }).
console-action-sign-out = de se déconnecter
console-action-read-alarms = de charger l’état des alarmes
console-action-read-pass-events = de charger les événements du pass
console-action-acknowledge = d’acquitter l’alarme
console-action-assign = d’attribuer l’alarme
console-action-resolve = de résoudre l’alarme
console-action-read-events = de charger le journal des événements
console-action-read-gate = de charger l’entrée
console-action-pair = de créer un lien d’association
console-action-revoke-gate = de révoquer l’entrée
console-action-list-passes = de charger la liste des pass
console-action-read-pass = de charger le pass
console-action-revoke-pass = de révoquer le pass
console-action-replay = de renvoyer l’événement
console-action-list-webhooks = de charger les webhooks
console-action-list-dead-letters = de charger les événements non distribués
console-action-resend = de renvoyer le lien
console-action-list-messages = de charger les messages
console-action-read-watchlist = de charger la liste de surveillance
console-action-remove-entry = de retirer l’inscription
console-action-add-watchlist = d’ajouter à la liste de surveillance
console-action-read-roll-calls = de charger les appels
console-action-start-roll-call = de lancer l’appel
console-action-mark-safe = de pointer { $name } en sécurité
console-action-end-roll-call = de clore l’appel
console-action-read-roll-call = de charger l’appel
console-action-save-sso = d’enregistrer les paramètres d’authentification unique
console-action-list-sessions = de charger les sessions
console-action-end-session = de fermer la session
console-action-read-sso = de charger les paramètres d’authentification unique
console-action-issue-pass = d’émettre le pass
console-action-create-gate = de créer l’entrée
console-action-read-nodes = de charger les serveurs sur site
console-action-reclaim-lease = de reprendre le bail de { $label }
console-action-revoke-node = de révoquer { $label }
console-action-rotate-node = de créer un nouveau jeton pour { $label }
console-action-resume-node = d’autoriser de nouveau le bail pour { $label }
console-brand-sub = Console de sécurité
console-sign-out = Se déconnecter
console-role =
    { $role ->
        [admin] administrateur
        [security] sécurité
        [auditor] auditeur
        [issuer] émetteur
        [host] hôte
       *[other] { $role }
    }
console-feed-live = EN DIRECT
console-feed-connecting = CONNEXION
console-feed-reconnecting = RECONNEXION
console-views = Vues
console-tab-alarms = Alarmes
console-tab-events = Événements
console-tab-gates = Entrées
console-tab-nodes = Serveurs sur site
console-tab-passes = Pass
console-tab-webhooks = Webhooks
console-tab-messages = Messages
console-tab-watchlist = Surveillance
console-tab-rollcall = Appel
console-tab-admin = Gérer
console-tab-signin = Connexion
console-loading = Chargement…
console-load-more = Afficher plus
console-refresh = Actualiser
console-show = Afficher
console-cancel = Annuler
console-copy = Copier
console-copied = Copié.
console-copy-selected = Sélectionné : appuyez sur Ctrl+C pour copier.
console-timeline = Chronologie
console-timeline-loading = Chargement de la chronologie…
console-timeline-count =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    }, du plus ancien au plus récent ; les nouveaux s’affichent au fur et à mesure.
console-timeline-of = Chronologie de { $pass }
console-tl-challenge-to = défi émis pour { $gate }
console-actor-title = { $name } : { $subject } chez { $issuer }
console-alarms = Alarmes
console-alarms-loading = Chargement des alarmes…
console-alarms-none-open = Aucune alarme ouverte. Les identifiants d’entrée copiés (foreign_nonce), les codes rejoués (code_replayed), les défis grillés, les conflits d’ajout et les correspondances sur la liste de surveillance apparaissent ici en moins d’une seconde.
console-alarms-none = Aucune alarme ici.
console-back-alarms = ← Toutes les alarmes
console-alarm-no-pass = aucun pass
console-alarm-no-gate = aucune entrée
console-alarm-at = à { $gate }
console-alarm-from = depuis { $source }
console-alarm-from-node = du serveur { $node }
console-alarm-at-from-node = à { $gate }, du serveur { $node }
console-alarm-node = serveur { $node }
console-alarm-challenge-of = Défi de
console-alarm-first-used-at = Code utilisé d’abord à
console-alarm-about-foreign-nonce = une réponse au défi d’une autre entrée : des identifiants d’entrée copiés ?
console-alarm-about-code-replayed = un code qui a déjà fait entrer quelqu’un à une autre entrée : une copie ?
console-alarm-about-challenge-burned = un défi grillé par de mauvaises réponses
console-alarm-about-claim-conflict = un second portefeuille a tenté d’ajouter un pass déjà ajouté : un lien divulgué ?
console-alarm-about-watchlist-hit = une personne de la liste de surveillance à une entrée, ou un pass émis ou ajouté pour elle (voir la liste de surveillance)
console-alarm-about-auth-failure = des échecs d’authentification depuis une même source (pour cette organisation : une session de console utilisée sans son jeton CSRF ou depuis un autre site)
console-alarm-about-site-node-fault = un serveur sur site a envoyé ce que ce serveur a refusé : un jeton volé ou un serveur défaillant ? Vérifiez-le et, en cas de doute, révoquez-le dans la vue « Serveurs sur site »
console-alarm-gone = Cette alarme n’est plus dans le flux.
console-alarm-choose = Choisissez une alarme pour voir ce qui en a été fait et la chronologie du pass : chaque scan, chaque défi et chaque réponse.
console-alarm-heading = Alarme { $id }
console-alarm-fact-alarm = Alarme
console-alarm-fact-state = État
console-alarm-fact-assigned-to = Attribuée à
console-alarm-fact-when = Quand
console-alarm-fact-where = Où
console-alarm-fact-shipped-by = Envoyé par le serveur
console-alarm-fact-node = Serveur
console-alarm-fact-refused = Refusé
console-alarm-fact-pass = Pass
console-alarm-fact-reason = Motif
console-alarm-acknowledge = Acquitter
console-alarm-assign = Attribuer
console-alarm-assign-to = Attribuer à
console-alarm-resolve = Résoudre
console-alarm-outcome = Issue
console-alarm-note = Note
console-alarm-already-acknowledged-by = Cette alarme a déjà été acquittée par { $name }.
console-alarm-already-acknowledged = Cette alarme a déjà été acquittée.
console-alarm-already-resolved-by = Cette alarme a déjà été résolue par { $name }.
console-alarm-already-resolved = Cette alarme a déjà été résolue.
console-events = Événements
console-filters = Filtres
console-filter-kind = Type
console-filter-severity = Gravité
console-filter-gate = Entrée
console-filter-pass = Pass
console-filter-since = Depuis
console-filter-until = Jusqu’à
console-filter-any = tous
console-filter-pass-placeholder = un identifiant de pass
console-filter-apply = Appliquer les filtres
console-filter-clear = Effacer
console-gate-option-revoked = { $gate } (révoquée)
console-export-csv = Exporter en CSV
console-export-jsonl = Exporter en JSONL
console-filtered-by = Filtré par { $filters }
console-all-events = Tous les événements
console-events-summary =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    }, du plus ancien au plus récent. L’export reprend exactement ces filtres.
console-events-summary-more =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    } pour l’instant (du plus ancien au plus récent ; la suite plus bas). L’export reprend exactement ces filtres.
console-col-time = Heure
console-col-severity = Gravité
console-col-event = Événement
console-col-gate = Entrée
console-col-pass = Pass
console-col-state = État
console-col-uses = Utilisations
console-col-site = Site
console-col-valid-until = Valable jusqu’au
console-col-type = Type
console-col-attempts = Tentatives
console-col-last-error = Dernière erreur
console-col-queued = Mis en file
console-col-to = Destinataire
console-col-what = Quoi
console-col-person = Personne
console-col-mode = Mode
console-col-reason = Motif
console-col-added-by = Ajouté par
console-col-expires = Expire
console-col-started = Lancé
console-col-who = Qui
console-col-safe = En sécurité
console-col-name = Nom
console-col-status = Statut
console-col-last-seen = Vu en dernier
console-col-marked-by = Pointé par
console-col-where = Où
console-col-when = Quand
console-col-email = E-mail
console-col-role = Rôle
console-col-since = Depuis
console-col-ends = Fin
console-gates = Entrées
console-gate = Entrée
console-gates-loading = Chargement des entrées…
console-gates-count =
    { $count ->
        [one] { $count } entrée
       *[other] { $count } entrées
    } ; { $online } en ligne.
console-create-gate = Créer une entrée
console-gate-online = EN LIGNE
console-gate-offline = HORS LIGNE
console-gate-connected-now = connectée
console-gate-never-connected = jamais connectée
console-gate-last-seen = vue { $ago } ({ $time })
console-gate-connected-now-sentence = Connectée.
console-gate-never-connected-sentence = Jamais connectée.
console-gate-last-seen-sentence = Vue { $ago } ({ $time }).
console-gate-revoked-at = révoquée { $time }
console-gate-revoked-sentence = Révoquée { $time }.
console-gate-connected = Connectée.
console-gate-connected-sockets =
    Connectée ({ $count ->
        [one] { $count } connexion
       *[other] { $count } connexions
    }).
console-gate-not-connected = Non connectée.
console-gate-stats-loading = Chargement de la dernière heure…
console-gate-recent-label = Événements récents à cette entrée
console-gate-recent = Événements récents
console-gate-all-events = Tous les événements de cette entrée
console-gate-window =
    { $minutes ->
        [one] Dernière minute
       *[other] { $minutes } dernières minutes
    }
console-tile-scans = Scans
console-tile-per-minute = Par minute
console-tile-admissions = Admissions
console-tile-denials = Refus
console-tile-errors = Erreurs
console-chart-title = Scans par minute
console-chart-label = Scans par minute sur les { $minutes } dernières minutes : { $total } au total, au plus { $max } en une minute
console-chart-start = il y a { $minutes } min
console-chart-now = maintenant
console-denials-title = Refus par motif
console-denials-none = Aucun refus.
console-gate-manage = Gérer cette entrée
console-gate-revoke = Révoquer l’entrée
console-gate-revoke-confirm = Oui, révoquer cette entrée
console-back-gates = ← Entrées
console-pair-make = Créer un lien d’association
console-pair-qr = QR code du lien d’association
console-pair-title = Ouvrez ceci sur la tablette de l’entrée
console-pair-help = Scannez le code avec l’appareil photo de la tablette (ou envoyez-lui le lien). Il fonctionne une seule fois, jusqu’à { $until }. L’association transfère l’entrée sur cet appareil et déconnecte tout autre appareil.
console-pair-link = Lien d’association
console-passes = Pass
console-passes-loading = Chargement des pass…
console-passes-count =
    { $count ->
        [one] { $count } pass
       *[other] { $count } pass
    }, du plus récent au plus ancien.
console-issue-pass = Émettre un pass
console-open-pass-label = Ouvrir un pass par identifiant
console-open = Ouvrir
console-open-pass-invalid = Un identifiant de pass ressemble à 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] émis
        [claimed] ajouté
        [used] épuisé
        [revoked] révoqué
        [expired] expiré
       *[other] { $state }
    }
console-pass-uses = Utilisations
console-pass-uses-of = { $uses } sur { $max }
console-pass-site = Site
console-pass-any-gate = toute entrée
console-pass-valid = Validité
console-pass-issued = Émis
console-pass-in-wallet = Dans un portefeuille
console-pass-since = depuis { $time }
console-pass-not-yet = pas encore
console-pass-id = Identifiant
console-admissions-heading = Admissions ({ $count })
console-admission-at = à
console-admissions-none = Aucune admission pour l’instant.
console-pass-revoke = Révoquer le pass
console-pass-revoke-confirm = Oui, révoquer ce pass
console-back-passes = ← Pass
console-pass-attempts = Toutes les tentatives
console-pass-in-event-log = Dans le journal des événements (filtres, export)
console-webhooks = Webhooks
console-webhooks-loading = Chargement des webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    } ; { $disabled ->
        [one] { $disabled } désactivé
       *[other] { $disabled } désactivés
    }.
console-webhook-disabled = désactivé { $time }
console-webhook-disabled-because = désactivé { $time } : { $reason }
console-webhook-enabled = actif
console-dead-letters = Événements non distribués
console-dead-letters-loading = Chargement des événements non distribués…
console-dead-letters-help = Événements dont les nouvelles tentatives sont épuisées ou dont le webhook a été désactivé (un destinataire a répondu 410). « Renvoyer » en remet un en file, à échéance immédiate, avec trois nouveaux jours de tentatives.
console-dead-letters-count =
    { $count ->
        [one] { $count } événement non distribué
       *[other] { $count } événements non distribués
    }, du plus récent au plus ancien.
console-dead-letters-none = Aucun événement non distribué : chaque événement a été distribué ou fait encore l’objet de tentatives.
console-replay = Renvoyer
console-replay-label = Renvoyer { $event }
console-replayed = Remis en file.
console-replayed-disabled = Remis en file ; son webhook est désactivé, il reviendra donc ici.
console-messages-title = Messages
console-messages = Messages
console-messages-help = Liens d’ajout envoyés par e-mail aux visiteurs, et visites sans rendez-vous signalées aux hôtes par e-mail et par notification. Une adresse rejetée a été refusée par le destinataire ; un message abandonné a épuisé ses tentatives ; un message trop tardif n’a pas été envoyé car son pass ou sa visite avait pris fin.
console-messages-loading = Chargement des messages…
console-messages-filter-attention = À traiter (rejetés, abandonnés, trop tardifs)
console-messages-filter-pending = En attente d’envoi
console-messages-filter-sent = Envoyés
console-messages-filter-all = Tous
console-messages-count =
    { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }, du plus récent au plus ancien.
console-messages-none-attention = Rien à traiter : chaque message a été envoyé ou fait l’objet de nouvelles tentatives.
console-messages-none = Aucun message.
console-message-kind-invitation = Lien d’ajout
console-message-kind-approval-mail = Sans rendez-vous (e-mail)
console-message-kind-approval-push = Sans rendez-vous (notification)
console-message-state =
    { $state ->
        [pending] en attente
        [sent] envoyé
        [bounced] rejeté
        [dead] abandonné
        [expired] trop tardif
       *[other] { $state }
    }
console-message-send-again = Renvoyer
console-message-send-again-label = Renvoyer le lien d’ajout de { $to }
console-message-new-address = Nouvelle adresse pour { $to }
console-message-send = Envoyer
console-message-sent-again = Renvoyé à { $to } ; le lien précédent ne fonctionne plus.
console-watchlist = Liste de surveillance
console-watch-loading = Chargement de la liste de surveillance…
console-watch-help = Personnes à signaler ou à tenir à l’écart. Une adresse e-mail ou une référence externe correspond exactement ; un nom seul n’est qu’une correspondance possible et ne fait jamais refuser personne. Les entrées affichent seulement « veuillez patienter : le personnel arrive » ; les visiteurs et les émetteurs n’en connaissent jamais la raison.
console-watch-form = Ajouter à la liste de surveillance
console-watch-add = Ajouter à la liste
console-watch-name = Nom
console-watch-email = E-mail
console-watch-email-help = Correspondance exacte, sans tenir compte de la casse, avec ou sans +étiquette.
console-watch-reference = Référence externe
console-watch-expires = Expire le
console-watch-expires-help = Vide : jamais.
console-watch-reason = Motif
console-watch-mode = Mode
console-watch-mode-flag-help = Signaler : laisser entrer et déclencher une alarme
console-watch-mode-block-help = Bloquer : refuser ses pass, la retenir aux entrées
console-watch-mode-flag = Signaler
console-watch-mode-block = Bloquer
console-watch-count =
    { $count ->
        [one] { $count } inscription
       *[other] { $count } inscriptions
    }.
console-watch-none = Personne n’est sur la liste de surveillance.
console-watch-remove = Retirer
console-watch-remove-label = Retirer { $who } de la liste de surveillance
console-watch-added = { $who }, { $time }
console-watch-never = Jamais
console-watch-expired = { $date } (expirée)
console-watch-who-missing = Indiquez un nom, un e-mail ou une référence externe.
console-watch-reason-missing = Indiquez pourquoi cette personne est sur la liste de surveillance.
console-rollcall = Appel
console-rc-loading = Chargement des appels…
console-rc-help = Lors d’une évacuation : aux points de rassemblement, les serre-files scannent les pass des visiteurs avec une entrée associée (« Appel » sur l’entrée), ou pointent les noms à la main. Les personnes encore manquantes apparaissent en premier.
console-rc-start-form = Lancer un appel
console-rc-start = Lancer l’appel
console-rc-who = Qui
console-rc-who-help = La liste comprend toutes les personnes présentes : dans les zones, et admises aujourd’hui aux entrées sans zone.
console-rc-scope-everyone = Tout le monde, tous les sites
console-rc-scope-all = Tous les sites
console-rc-scope-site = Site { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } appel
       *[other] { $count } appels
    }.
console-rc-none = Aucun appel pour l’instant.
console-rc-table = Appels
console-rc-started-by = { $time } par { $who }
console-rc-safe-of = { $safe } sur { $inside }
console-rc-in-progress = En cours
console-rc-ended = Terminé
console-rc-filter-all = Tout le monde
console-rc-title = Appel : { $scope }
console-rc-meta-active = Lancé { $time } par { $who } · En cours
console-rc-meta-ended = Lancé { $time } par { $who } · Terminé { $endTime } par { $endWho }
console-rc-inside = Présents
console-rc-safe = En sécurité
console-rc-unaccounted = Manquants
console-rc-printed =
    Imprimé le { $time } · { $unaccounted ->
        [one] { $unaccounted } manquant
       *[other] { $unaccounted } manquants
    } sur { $inside }
console-rc-download-csv = Télécharger en CSV
console-rc-export-failed = Impossible d’exporter la liste ({ $status }).
console-rc-export-network = Impossible de joindre le serveur pour exporter la liste.
console-rc-print = Imprimer
console-rc-end = Clore l’appel
console-rc-end-confirm = Oui, le clore et classer le rapport
console-rc-mark-safe = Pointer en sécurité
console-rc-mark-safe-label = Pointer en sécurité : { $name }
console-rc-walk-in = (sans rendez-vous)
console-rc-marked-by-hand = { $who } (à la main)
console-rc-marked-by-scan = { $who } (scan)
console-rc-nobody-here = Personne dans cette vue.
console-rc-nobody-inside = Personne n’était enregistré comme présent au lancement de l’appel.
console-rc-not-found = Cet appel n’existe pas.
console-back-rollcalls = ← Tous les appels
console-rc-people = Personnes de l’appel
console-nodes = Serveurs sur site
console-nodes-help = Un serveur sur site admet les pass de son site tant qu’il détient le bail du site, même quand le lien entre le lieu et ce serveur est coupé. La liste est relue toutes les 5 secondes.
console-nodes-loading = Chargement des serveurs sur site…
console-nodes-updated = Mis à jour : { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } serveur
       *[other] { $count } serveurs
    } : { $holding } avec bail, { $overdue } en retard.
console-nodes-none = Aucun serveur sur site.
console-nodes-none-help = Un lieu dont le lien avec ce serveur risque de tomber pendant l’affluence à l’entrée peut en faire tourner un : voir docs/operations.md, section « On-site node ».
console-col-node = Serveur
console-col-lease-ends = Fin du bail
console-col-sync-lag = Retard d’envoi
console-col-shipped-through = Envoyé jusqu’à
console-node-state-holding = Détient le bail
console-node-state-starting = Démarre
console-node-state-overdue = En retard
console-node-state-idle = Inactif
console-node-state-reclaimed = Repris
console-node-state-revoked = Révoqué
console-node-state-holding-help = Il détient le bail du site : lui seul admet les pass du site, et ce serveur les refuse.
console-node-state-starting-help = Son bail est accordé mais pas encore en vigueur : il commence une fois tous les défis antérieurs expirés.
console-node-state-overdue-help = Son bail a expiré sans être renouvelé : le lien ou le serveur sur site est en panne. Ce serveur continue de refuser les pass du site jusqu’à ce que le bail soit rendu ou repris.
console-node-state-idle-help = Il ne détient aucun bail : ce serveur admet les pass du site.
console-node-state-reclaimed-help = Un admin a repris son bail : il ne peut reprendre le bail du site qu’après l’accord d’un admin (« Autoriser de nouveau le bail »). Ce serveur admet les pass du site.
console-node-state-revoked-help = Révoqué pour de bon : son jeton ne fonctionne plus et il ne prend aucun bail. Ce serveur admet les pass du site.
console-node-states = Signification des états
console-node-when = { $time } ({ $relative })
console-node-no-lease = Aucun bail
console-node-never = Jamais
console-node-nothing-shipped = Rien pour l’instant
console-node-revoked-at = Révoqué { $when }
console-node-revoked-no-lease = Révoqué
console-node-blocked-at = Repris { $when } : attend un admin
console-node-blocked = Repris : attend un admin
console-node-lag = { $seconds } s
console-node-reclaim = Reprendre le bail
console-node-reclaim-label = Reprendre le bail : { $label }
console-node-reclaim-confirm = Oui, reprendre le bail
console-node-reclaim-confirm-label = Oui, reprendre le bail : { $label }
console-node-reclaim-help = Ne reprenez le bail d’un serveur sur site que s’il est perdu pour de bon : ce serveur admet alors de nouveau le site, et un pass que le serveur sur site a admis sans jamais le signaler peut être admis une seconde fois. Chaque reprise est journalisée avec la gravité « élevée ».
console-node-reclaimed = Bail de { $label } repris : ce serveur admet de nouveau les pass du site.
console-node-revoke-help = Révoquez un serveur sur site retiré du service ou dont le jeton a pu être volé : son jeton cesse aussitôt de fonctionner et son bail prend fin, pour de bon. « Nouveau jeton » remplace le jeton d’un serveur : l’ancien cesse aussitôt de fonctionner. Après une reprise, un serveur ne reprend le bail du site qu’une fois qu’un admin a appuyé sur « Autoriser de nouveau le bail ». Tout est journalisé.
console-node-revoke = Révoquer
console-node-revoke-label = Révoquer le serveur : { $label }
console-node-revoke-confirm = Oui, révoquer le serveur
console-node-revoke-confirm-label = Oui, révoquer le serveur : { $label }
console-node-revoked = { $label } révoqué : son jeton ne fonctionne plus et son bail a pris fin.
console-node-rotate = Nouveau jeton
console-node-rotate-label = Nouveau jeton : { $label }
console-node-rotate-confirm = Oui, créer un nouveau jeton
console-node-rotate-confirm-label = Oui, créer un nouveau jeton : { $label }
console-node-rotated = Nouveau jeton créé pour { $label } : l’ancien ne fonctionne plus.
console-node-token-title = Nouveau jeton pour { $label }
console-node-token-help = L’ancien jeton a cessé de fonctionner : le serveur est refusé tant que son fichier de jeton ne contient pas celui-ci et qu’il n’a pas redémarré. Copiez-le maintenant : il n’est affiché que cette fois.
console-node-token = Jeton du serveur
console-node-token-hide = Masquer le jeton
console-node-resume = Autoriser de nouveau le bail
console-node-resume-label = Autoriser de nouveau le bail : { $label }
console-node-resumed = { $label } peut de nouveau prendre le bail du site.
console-signin-view = Connexion
console-sso = Authentification unique
console-sso-help = Permettez au personnel de se connecter avec le fournisseur d’identité de votre organisation (OpenID Connect). Voir docs/sign-in.md pour Keycloak, Entra ID et Google.
console-sso-form = Paramètres d’authentification unique
console-sso-issuer = URL de l’émetteur
console-sso-issuer-help = Exactement comme votre fournisseur d’identité se nomme lui-même (son document de découverte est récupéré à l’enregistrement).
console-sso-client-id = ID client
console-sso-client-secret = Secret client
console-sso-secret-help = Obligatoire la première fois ; il est stocké scellé et n’est plus jamais affiché.
console-sso-secret-stored = Un secret est enregistré. Laissez ce champ vide pour le conserver.
console-sso-domains = Domaines de messagerie autorisés
console-sso-domains-help = Séparés par des virgules, correspondance exacte. Vide : toute personne dont votre fournisseur se porte garant.
console-sso-role-claim = Claim de rôle
console-sso-role-claim-help = Le claim du jeton d’ID dont les valeurs donnent les rôles : groups, roles ou un chemin comme realm_access.roles.
console-sso-role-map = Valeurs du claim qui donnent chaque rôle (séparées par des virgules ; la correspondance la plus forte l’emporte, sans correspondance la connexion est refusée)
console-sso-role-admins = Administrateurs
console-sso-role-security = Sécurité
console-sso-role-auditors = Auditeurs
console-sso-role-issuers = Émetteurs
console-sso-role-hosts = Hôtes
console-sso-key-sign-in = Le personnel peut aussi se connecter à ces pages avec une clé d’API
console-sso-save = Enregistrer
console-sso-issuer-missing = Saisissez l’URL de l’émetteur et l’ID client.
console-sso-role-map-missing = Associez au moins une valeur du claim à un rôle, sinon personne ne pourra se connecter.
console-sso-saved = Enregistré. Déclarez les adresses ci-dessous auprès de votre fournisseur d’identité.
console-sso-redirect-uri = URI de redirection
console-sso-logout-uri = URI de déconnexion back-channel
console-sso-post-logout-uri = URI de redirection après déconnexion
console-sso-sign-in-link = Lien de connexion pour le personnel
console-sessions = Sessions actives
console-sessions-loading = Chargement des sessions…
console-sessions-count =
    { $count ->
        [one] { $count } session active
       *[other] { $count } sessions actives
    }.
console-session-end = Fermer
console-session-end-label = Fermer la session de { $who }
console-session-api-key = Clé d’API
console-manage = Gérer
console-issue-label = Visiteur (libellé du pass)
console-issue-site = Site
console-issue-site-help = Facultatif : seules les entrées de ce site acceptent le pass.
console-issue-from = Valable à partir du
console-issue-from-help = Vide : maintenant.
console-issue-until = Valable jusqu’au
console-issue-uses = Utilisations
console-issue-submit = Émettre le pass
console-issue-label-missing = Indiquez pour qui est le pass.
console-issue-until-missing = Indiquez jusqu’à quand le pass est valable.
console-issue-uses-invalid = Le nombre d’utilisations doit être un entier de 1 à 100 000.
console-issued-for = Pass émis pour { $label }
console-issued-help = Envoyez ce lien d’ajout au visiteur (ou faites-lui scanner le code). Il ajoute le pass à un seul portefeuille.
console-claim-qr = QR code du lien d’ajout
console-claim-link = Lien d’ajout
console-open-pass = Ouvrir le pass
console-gate-label = Libellé de l’entrée
console-gate-label-help = Ce que lisent les agents et les auditeurs, par exemple « Entrée nord ».
console-gate-site = Site
console-gate-site-help = Facultatif : l’entrée accepte les pass de ce site (et les pass sans site).
console-create-gate-submit = Créer l’entrée
console-gate-label-missing = Saisissez un libellé pour l’entrée.
console-gate-created = Entrée « { $label } » créée
console-gate-created-help = Associez-lui une tablette : créez un lien d’association et ouvrez-le sur la tablette.
console-open-gate = Ouvrir l’entrée
console-device-token-summary = Jeton d’appareil pour une entrée native (affiché une seule fois)
console-device-token = Jeton d’appareil
gate-title = Poste d’entrée Tessera
gate-loading = Ouverture du poste d’entrée…
gate-pairing-title = Association de cet appareil…
gate-pairing-text = Cet appareil devient un poste d’entrée. Rien à saisir.
gate-pairing-network = Impossible de joindre le serveur pour associer cet appareil. Vérifiez le réseau, puis réessayez.
gate-pairing-rate-limited = Trop de tentatives d’association depuis cet appareil. Patientez une minute, puis rouvrez le lien.
gate-pairing-invalid = Ce lien d’association a déjà été utilisé ou a expiré. Demandez-en un nouveau.
gate-pairing-refused = Le serveur a refusé l’association ({ $code }). Demandez un nouveau lien.
gate-pairing-refused-title = Association refusée
gate-try-again = Réessayer
gate-continue-as = Continuer en tant que { $gate }
gate-continue-as-this = Continuer avec ce poste
gate-unreachable = Impossible de joindre le serveur. Vérifiez le réseau.
gate-unavailable-title = Poste d’entrée indisponible
gate-start-failed = Le poste d’entrée n’a pas pu démarrer : { $error }
gate-not-paired-title = Non associé
gate-not-paired-text = Cet appareil n’est pas (ou plus) un poste d’entrée. Pour en faire un, demandez un lien d’association à l’administrateur du site et ouvrez-le sur cet appareil.
gate-not-paired-hint = Un lien d’association ne sert qu’une fois, pendant 10 minutes. Rien à saisir.
gate-not-paired-revoked = Cet appareil n’est plus associé comme poste d’entrée (il a été révoqué, ou un autre appareil a été associé à sa place).
gate-label-fallback = Entrée
gate-status-connecting = CONNEXION
gate-status-online = EN LIGNE
gate-status-offline = HORS LIGNE
gate-counters-label = Compteurs de la journée
gate-counters-title = Aujourd’hui
gate-count-admitted =
    { $count ->
       *[other] admis
    }
gate-count-admitted-title = Admis aujourd’hui
gate-count-already =
    { $count ->
        [one] retour
       *[other] retours
    }
gate-count-already-title = Revenus aujourd’hui (déjà admis)
gate-count-denied =
    { $count ->
        [one] refusé
       *[other] refusés
    }
gate-count-denied-title = Refusés aujourd’hui
gate-muster-toggle = Appel
gate-muster-toggle-back = Retour aux entrées
gate-offline-connecting = HORS LIGNE — connexion au serveur…
gate-offline-reconnecting = HORS LIGNE — ne laissez entrer personne. Reconnexion dans { $seconds } s…
gate-scanner-panel-label = Lecteur
gate-camera-label = Image de la caméra
gate-camera-on = Caméra active : présentez un code devant.
gate-camera-refused = L’accès à la caméra a été refusé. Autorisez la caméra pour ce site, ou utilisez un lecteur manuel.
gate-camera-none = Aucune caméra n’a pu démarrer. Utilisez un lecteur manuel.
gate-camera-on-back = Caméra arrière active : présentez un code devant.
gate-camera-back = Caméra arrière
gate-scanner-label = Saisie du lecteur manuel
gate-ready-title = Prêt à scanner
gate-ready-text = Présentez le code du pass devant la caméra.
gate-muster-ready-title = Appel : scannez pour pointer en sécurité
gate-muster-ready-text = Présentez le code du pass devant la caméra. Personne n’entre tant que l’appel est affiché sur cet écran.
gate-checking-code = Vérification du code…
gate-checking-answer = Vérification de la réponse…
gate-code-on-way = Le code est en route vers le serveur.
gate-answer-on-way = { $visitor } : la réponse du téléphone est en route vers le serveur.
gate-answer-on-way-anonymous = La réponse du téléphone est en route vers le serveur.
gate-offline-kept = Tout est conservé et envoyé au retour de la connexion : ne laissez pas encore entrer.
gate-challenge-title = Présentez votre téléphone face à cet écran
gate-challenge-qr-label = Code de contrôle de l’entrée pour le portefeuille du visiteur
gate-challenge-then = Votre portefeuille répond tout seul. Sinon : appuyez sur « Scanner le code de l’entrée » dans le portefeuille, visez cet écran, puis présentez sa réponse à la caméra.
gate-countdown = Répondre dans les { $seconds } s
gate-countdown-over = Temps écoulé
gate-party-challenge-title = Groupe de { $count } : présentez votre téléphone face à cet écran
gate-party-challenge-qr-label = Code de contrôle de l’entrée pour un groupe de { $count }, pour le portefeuille du visiteur
gate-codes-on-way = Les codes du groupe sont en route vers le serveur.
gate-answers-on-way = Les réponses du groupe sont en route vers le serveur.
gate-more-waiting =
    { $count ->
        [one] { $count } autre personne doit encore répondre
       *[other] { $count } autres personnes doivent encore répondre
    }
gate-no-storage = Ce navigateur ne permet pas au poste d’enregistrer son journal : un rechargement perd les scans en cours.
gate-journal-foreign = Le journal appartient à un autre poste ; rechargez la page.
gate-journal-failed = Le poste n’a pas pu enregistrer son journal ({ $error }). Rechargez la page.
gate-clock-skew = L’horloge de cet appareil a { $seconds } s d’écart avec celle du serveur.
gate-duplicate = Même code à nouveau : en attente de la réponse du téléphone.
gate-scan-queued = Hors ligne : le scan attend et sera envoyé au retour de la connexion.
gate-answer-queued = Hors ligne : la réponse attend et sera envoyée au retour de la connexion.
gate-ignored = Ignoré : { $why }.
gate-rejected-too-long = ligne trop longue
gate-rejected-challenge = c’est le code de contrôle de l’entrée ; le portefeuille du visiteur doit y répondre
gate-rejected-not-tessera = pas un code Tessera (attendu : TSR1:…, TSR1P:…, TSR1R:… ou TSR1S:…)
gate-rejected-unreadable = réponse du portefeuille illisible (TSR1R:…) ; scannez-la à nouveau
gate-rejected-no-challenge = aucun contrôle en cours pour ce pass ; scannez d’abord le code du visiteur
gate-rejected-party-unreadable = code ou réponse de groupe illisible (TSR1P:… ou TSR1S:…) ; scannez-le à nouveau
gate-server-busy = Serveur occupé ({ $code }) ; nouvelle tentative en cours.
gate-server-refused = Le serveur a refusé ceci ({ $code }).
gate-server-refused-reason = Le serveur a refusé ceci ({ $code }) : { $reason }
gate-unanswered = Pas de réponse de { $visitor } à temps : scan clos. Scannez à nouveau le code.
gate-unanswered-phone = Pas de réponse du téléphone à temps : scan clos. Scannez à nouveau le code.
gate-abandoned = Un scan fait hors ligne a été abandonné (son code est trop ancien). Scannez à nouveau.
gate-word-admitted = ADMIS
gate-word-already-admitted = DÉJÀ ADMIS
gate-word-denied = REFUSÉ
gate-word-please-wait = VEUILLEZ PATIENTER
gate-word-approved = AUTORISÉ
gate-word-no-answer = SANS RÉPONSE
gate-word-safe = EN SÉCURITÉ
gate-word-already-safe = DÉJÀ EN SÉCURITÉ
gate-word-not-marked = NON POINTÉ
gate-word-not-checked = NON CONTRÔLÉ
gate-strip-heading = Derniers verdicts
gate-strip-unnamed = Visiteur
gate-strip-why = { $reason } ({ $code })
gate-party-person = Personne { $n } sur { $count }
gate-party-unanswered = SANS RÉPONSE — le téléphone n’a pas répondu à temps pour ce pass
gate-party-not-checked = NON CONTRÔLÉ — ce pass n’a pas été contrôlé ; scannez-le à nouveau
gate-party-all = Les { $count } peuvent entrer
gate-party-all-already = Les { $count } sont déjà entrés
gate-party-none = Personne de ce groupe de { $count } ne peut entrer
gate-party-some = LAISSER ENTRER { $admitted } SUR { $count }
gate-party-some-detail = Arrêtez les autres : chaque ligne dit pourquoi.
gate-verdict-denied = REFUSÉ — { $reason } ({ $code })
gate-verdict-not-marked = NON POINTÉ — { $reason } ({ $code })
gate-verdict-hint = Touchez pour continuer
gate-replayed = Confirmé à nouveau après une réponse perdue
gate-first-entry =
    Premier passage à { $time } ({ $ago }) { $where ->
        [this] à cette entrée
        [another] à une autre entrée
       *[named] à { $gate }
    }
gate-first-entry-earlier =
    Premier passage plus tôt { $where ->
        [this] à cette entrée
        [another] à une autre entrée
       *[named] à { $gate }
    }
gate-same-phone = Même téléphone qu’au premier passage : ne laissez passer que si la personne est sortie puis revenue
gate-hold-detail = Le personnel arrive. Gardez la personne ici ; ne la laissez pas passer.
gate-stale-detail = Le code date de { $seconds } s. Demandez le portefeuille en direct.
gate-future-detail = Le code a { $seconds } s d’avance. L’horloge du téléphone doit être corrigée.
gate-safe-detail = Pointé en sécurité à ce point de rassemblement
gate-marked-safe = Pointé en sécurité
gate-marked-safe-by = Pointé en sécurité par { $by }
gate-marked-safe-at = Pointé en sécurité à { $time } ({ $ago })
gate-marked-safe-at-by = Pointé en sécurité à { $time } ({ $ago }) par { $by }
gate-ago-earlier = plus tôt
gate-ago-now = à l’instant
gate-ago-seconds = il y a { $seconds } s
gate-ago-minutes = il y a { $minutes } min
gate-ago-hours = il y a { $hours } h { $minutes } min
gate-ago-date = le { $date }
reason-malformed-code = pas un code Tessera
reason-unknown-pass = pass inconnu
reason-not-claimed = pass pas encore ajouté à un portefeuille
reason-bad-code = mauvais code, falsifié ou d’un autre téléphone
reason-stale-code = code périmé, une capture d’écran ?
reason-future-code = code venu du futur, l’horloge du téléphone est fausse
reason-revoked = pass annulé par l’émetteur
reason-expired = pass expiré
reason-not-yet-valid = pass pas encore valable
reason-wrong-site = pass valable pour un autre site
reason-code-replayed = code déjà utilisé à une autre entrée, une copie ?
reason-challenge-expired = le téléphone a répondu trop tard, scannez à nouveau
reason-bad-response = mauvaise réponse, pas le téléphone du titulaire ? Laissez-le réessayer
reason-challenge-burned = trop de mauvaises réponses, scannez à nouveau
reason-foreign-nonce = réponse destinée au scan d’une autre entrée
reason-unknown-nonce = contrôle inconnu, scannez à nouveau
reason-not-inside = pas dans cette zone, rien à quitter
reason-zone-not-allowed = pass non valable pour cette zone
reason-already-inside = déjà dans cette zone
reason-reentry-not-allowed = pas de retour après avoir quitté cette zone
reason-entry-limit = plus d’entrée possible aujourd’hui dans cette zone
reason-see-staff = veuillez patienter : le personnel arrive
reason-no-roll-call = aucun appel en cours pour cette entrée
reason-not-on-roll-call = absent de la liste d’appel (pas enregistré à l’intérieur)
reason-site-delegated = décidé ailleurs (le serveur sur site ou le serveur central)
reason-other = refusé par le serveur
gate-walkins-heading = Sans rendez-vous
gate-walkin-open = Sans rendez-vous
gate-walkins-empty = Un visiteur sans pass ? Touchez « Sans rendez-vous » pour interroger son hôte.
gate-walkin-list-label = Demandes de visite sans rendez-vous
gate-walkin-done = Terminé
gate-walkin-done-label = Terminé pour { $name }
gate-walkin-for = pour { $host }
gate-host-unknown = l’hôte
gate-host-flat = Appartement { $unit }
gate-line-asking = Demande à l’hôte en cours…
gate-line-offline = Hors ligne : envoyé au retour de la connexion. Ne laissez pas encore entrer.
gate-line-waiting = En attente de la réponse de l’hôte
gate-line-waiting-left = En attente de la réponse de l’hôte · encore { $left }
gate-line-waiting-up = En attente de la réponse de l’hôte · temps écoulé, vérification…
gate-line-denied = Refusé par { $host }
gate-line-expired = Pas de réponse à temps de { $host }
gate-line-failed = Non envoyé : le serveur l’a refusé ({ $code })
gate-line-failed-reason = Non envoyé : le serveur l’a refusé ({ $code }) : { $reason }
gate-walkin-busy = Serveur occupé ({ $code }) ; l’hôte sera de nouveau interrogé sous peu.
gate-walkin-refused = Le serveur a refusé la visite sans rendez-vous de { $visitor } ({ $code }).
gate-walkin-too-many = Trop de visites sans rendez-vous sont déjà en attente.
gate-walkin-title = Visite sans rendez-vous
gate-walkin-intro = L’hôte est interrogé sur son téléphone ; la réponse s’affiche ici.
gate-walkin-name = Nom du visiteur
gate-walkin-host = Hôte (nom ou appartement)
gate-walkin-note = Note pour l’hôte (facultatif)
gate-walkin-submit = Interroger l’hôte
gate-cancel = Annuler
gate-hosts-label = Hôtes trouvés
gate-walkin-asking = Demande à { $host }
gate-host-searching = Recherche…
gate-host-search-network = Impossible de joindre le serveur pour rechercher les hôtes.
gate-host-search-failed = La recherche d’hôtes a échoué ({ $code }).
gate-hosts-found =
    { $count } { $count ->
        [one] hôte
       *[other] hôtes
    } : choisissez-en un.
gate-hosts-found-matching =
    { $count } { $count ->
        [one] hôte correspond
       *[other] hôtes correspondent
    } à « { $query } » : choisissez-en un.
gate-hosts-none = Aucun hôte ne correspond à « { $query } ».
gate-problem-name-missing = Saisissez le nom du visiteur.
gate-problem-name-long = Le nom est trop long ({ $max } caractères au plus).
gate-problem-name-unprintable = Le nom contient des caractères non imprimables.
gate-problem-host = Choisissez l’hôte que le visiteur demande.
gate-problem-note-long = La note est trop longue ({ $max } caractères au plus).
gate-problem-note-unprintable = La note contient des caractères non imprimables.
gate-walkin-approved-by = Autorisé par { $host }
gate-walkin-let-in = { $name } : laissez entrer
gate-walkin-refused-by = Refusé par { $host }. Ne laissez pas entrer.
gate-walkin-no-answer-detail = { $host } n’a pas répondu. Ne laissez pas entrer ; redemandez ou appelez l’hôte.
gate-walkin-verdict-denied = REFUSÉ — l’hôte a dit non ({ $code })
gate-walkin-verdict-no-answer = SANS RÉPONSE — l’hôte n’a pas répondu à temps ({ $code })
gate-muster-title = Appel : { $scope }
gate-scope-all = Tous les sites
gate-scope-site = Site { $site }
gate-scope-zone = Zone { $zone }
gate-muster-help = Scannez le pass d’une personne pour la pointer en sécurité : son téléphone doit répondre, comme à l’entrée. Personne n’entre. Ou pointez un nom à la main.
gate-muster-search = Chercher un nom
gate-muster-list-label = Personnes de l’appel
gate-muster-counts = { $safe } sur { $inside } en sécurité · { $unaccounted } pas encore vus
gate-person-safe = En sécurité
gate-person-safe-by = En sécurité · pointé par { $by }
gate-person-sending = En sécurité · envoi…
gate-person-queued = En sécurité · envoyé au retour de la connexion
gate-person-missing = Pas encore vu · vu pour la dernière fois : { $place }
gate-person-missing-walk-in = Pas encore vu · sans rendez-vous ni pass, entré par : { $place }
gate-mark-safe = Pointer en sécurité
gate-mark-safe-label = Pointer en sécurité : { $name }
gate-muster-empty = Personne n’a été enregistré à l’intérieur.
gate-muster-no-match = Personne sur la liste ne correspond à « { $query } ».
gate-muster-ended = L’appel est terminé : retour aux entrées.
gate-mark-save-failed = Le pointage n’a pas pu être enregistré sur cet appareil ({ $error }).
gate-mark-refused = { $name } n’a pas été pointé : { $code }.
gate-mark-refused-ended = { $name } n’a pas été pointé : l’appel est terminé.
`};_o(Jo);var Yo=e=>`tessera.language.${e}`;function Zn(e){try{return localStorage.getItem(Yo(e))}catch{return null}}function Rs(e,o){try{localStorage.setItem(Yo(e),o)}catch{}}function Qn(e,{named:o=[],orgDefault:t}={}){let a=typeof navigator<"u"?navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language]:[],r=No(zo({picked:Zn(e),named:o.filter(Boolean),browser:a,orgDefault:t})),c=document.querySelector("title[data-i18n]");c&&(document.title=s(c.dataset.i18n));for(let l of document.querySelectorAll("[data-i18n]:not(title)"))l.textContent=s(l.dataset.i18n);return r}function Ls(e,o=()=>window.location.reload()){let t=n("select",{id:"language-select",class:"language-select"},To().map(a=>n("option",{value:a.tag,lang:a.tag,dir:a.dir,selected:a.tag===le()},a.name)));return t.addEventListener("change",()=>{Rs(e,t.value),o(t.value)}),n("div",{class:"language-switch"},n("label",{for:"language-select",text:s("common-language")}),t)}function xn(e,o){let t=document.querySelector(".language-switch");t&&t.remove(),(document.querySelector("header.bar")||document.body).append(Ls(e,o))}function Xo({zone:e=dn(),tag:o="p",cls:t="zone-note muted small"}={}){return Ro(e)?n(o,{class:t,text:s("common-times-in-zone",{zone:e})}):null}var Is=15e3,Z=null,K=new Map,ue=new Map,qe=new Map,be=new Map,Yn=0,Ye=null,G=null,M=null,J=()=>Z&&Z.role==="admin",Sn=()=>Z&&(Z.role==="admin"||Z.role==="security"),et=e=>e&&e.severity==="high",Xn=e=>He(e)||e.details&&e.details.reason||e.kind,me=new Map,Re=!1,nt=()=>Z&&(Z.role==="admin"||Z.role==="security");function ot(){return new fn(5e3,et)}var ne=ot(),tt=()=>{};function st(e){tt=e}var C=Ho({getSession:()=>Z,signedOut:()=>tt(),timeoutMs:Is});function P(e,o,t){let a=s(o,t);return e.network?s("console-problem-network",{action:a}):e.status===403?s("console-problem-forbidden",{action:a,code:String(e.code||403)}):e.status===404?s("console-problem-not-found",{action:a}):e.status===429?s("console-problem-rate-limited"):e.code?s("console-problem-refused",{action:a,reason:Ds(e)}):s("console-problem-status",{action:a,status:String(e.status)})}function Ds(e){return e.code==="invalid_field"&&e.field?s("console-invalid-field",{field:e.field}):Lo(e.code)}var Ps=e=>n("p",{role:"alert",class:"alert shown",text:e});function E(e,o){e.replaceChildren(o?Ps(o):"")}function Oe(e){Z=e}function eo(e){G=e}function En(e){M=e}function at(){ne=ot(),me=new Map,Re=!1,K=new Map,ue.clear(),qe.clear(),be.clear(),clearTimeout(Ye),Ye=null}var Jn=!1;async function rt(){let e=await C("GET","/v1/alarms?limit=500");if(G){if(!e.ok||!e.body||!Array.isArray(e.body.alarms)){Re=!0,E(G.errors,P(e,"console-action-read-alarms")),ve();return}Re=!0;for(let o of e.body.alarms)me.set(o.id,o),o.event&&ne.add(o.event);ve()}}async function An(e){let o=await C("GET",`/v1/alarms/${e}`);!G||!o.ok||!o.body||(me.set(e,o.body),o.body.event&&ne.add(o.body.event),ve(),M&&M.onAlarm&&M.onAlarm(e))}function ve(){Jn||(Jn=!0,requestAnimationFrame(()=>{Jn=!1,G&&(G.alarmCount.textContent=Re?Q(no().filter(e=>he(me.get(e.id))!=="resolved").length):"…",M&&M.update&&M.update())}))}async function Se(){let e=await C("GET","/v1/gates");!G||!e.ok||!e.body||!Array.isArray(e.body.gates)||(K=new Map(e.body.gates.map(o=>[o.id,o])),M&&M.onGates&&M.onGates(),ve())}var no=()=>ne.newest(et),se=(e,o)=>Mo(e,K,o),ae=(e,o)=>Bo(e,ue,o);async function it(){let e=await C("GET","/v1/api-keys");if(!(!e.ok||!e.body||!Array.isArray(e.body.keys)))for(let o of e.body.keys)qe.set(o.key_id,o.label)}async function Xe(e){let o=e;if(!o){let a=await C("GET","/v1/nodes");if(!G||!a.ok||!a.body||!Array.isArray(a.body.nodes))return;o=a.body.nodes}let t=!1;for(let a of o)!a||typeof a.node_id!="string"||typeof a.label!="string"||be.get(a.node_id)!==a.label&&(be.set(a.node_id,a.label),t=!0);t&&(Yn++,ve())}function lt(){Ye||(Xe(),Ye=setTimeout(()=>{Ye=null},1e4))}var je=e=>wn(e,be);var Me=function(e,o){let r=e,c=en[o],l=null,i=0,m=null,f=[],h={},p=function(g,w){i=r*4+17,l=(function(d){let u=new Array(d);for(let v=0;v<d;v+=1){u[v]=new Array(d);for(let y=0;y<d;y+=1)u[v][y]=null}return u})(i),b(0,0),b(i-7,0),b(0,i-7),A(),O(),x(g,w),r>=7&&_(g),m==null&&(m=j(r,c,f)),z(m,w)},b=function(g,w){for(let d=-1;d<=7;d+=1)if(!(g+d<=-1||i<=g+d))for(let u=-1;u<=7;u+=1)w+u<=-1||i<=w+u||(0<=d&&d<=6&&(u==0||u==6)||0<=u&&u<=6&&(d==0||d==6)||2<=d&&d<=4&&2<=u&&u<=4?l[g+d][w+u]=!0:l[g+d][w+u]=!1)},k=function(){let g=0,w=0;for(let d=0;d<8;d+=1){p(!0,d);let u=Ae.getLostPoint(h);(d==0||g>u)&&(g=u,w=d)}return w},O=function(){for(let g=8;g<i-8;g+=1)l[g][6]==null&&(l[g][6]=g%2==0);for(let g=8;g<i-8;g+=1)l[6][g]==null&&(l[6][g]=g%2==0)},A=function(){let g=Ae.getPatternPosition(r);for(let w=0;w<g.length;w+=1)for(let d=0;d<g.length;d+=1){let u=g[w],v=g[d];if(l[u][v]==null)for(let y=-2;y<=2;y+=1)for(let N=-2;N<=2;N+=1)y==-2||y==2||N==-2||N==2||y==0&&N==0?l[u+y][v+N]=!0:l[u+y][v+N]=!1}},_=function(g){let w=Ae.getBCHTypeNumber(r);for(let d=0;d<18;d+=1){let u=!g&&(w>>d&1)==1;l[Math.floor(d/3)][d%3+i-8-3]=u}for(let d=0;d<18;d+=1){let u=!g&&(w>>d&1)==1;l[d%3+i-8-3][Math.floor(d/3)]=u}},x=function(g,w){let d=c<<3|w,u=Ae.getBCHTypeInfo(d);for(let v=0;v<15;v+=1){let y=!g&&(u>>v&1)==1;v<6?l[v][8]=y:v<8?l[v+1][8]=y:l[i-15+v][8]=y}for(let v=0;v<15;v+=1){let y=!g&&(u>>v&1)==1;v<8?l[8][i-v-1]=y:v<9?l[8][15-v-1+1]=y:l[8][15-v-1]=y}l[i-8][8]=!g},z=function(g,w){let d=-1,u=i-1,v=7,y=0,N=Ae.getMaskFunction(w);for(let L=i-1;L>0;L-=2)for(L==6&&(L-=1);;){for(let F=0;F<2;F+=1)if(l[u][L-F]==null){let W=!1;y<g.length&&(W=(g[y]>>>v&1)==1),N(u,L-F)&&(W=!W),l[u][L-F]=W,v-=1,v==-1&&(y+=1,v=7)}if(u+=d,u<0||i<=u){u-=d,d=-d;break}}},I=function(g,w){let d=0,u=0,v=0,y=new Array(w.length),N=new Array(w.length);for(let R=0;R<w.length;R+=1){let $=w[R].dataCount,D=w[R].totalCount-$;u=Math.max(u,$),v=Math.max(v,D),y[R]=new Array($);for(let B=0;B<y[R].length;B+=1)y[R][B]=255&g.getBuffer()[B+d];d+=$;let H=Ae.getErrorCorrectPolynomial(D),ye=nn(y[R],H.getLength()-1).mod(H);N[R]=new Array(H.getLength()-1);for(let B=0;B<N[R].length;B+=1){let oe=B+ye.getLength()-N[R].length;N[R][B]=oe>=0?ye.getAt(oe):0}}let L=0;for(let R=0;R<w.length;R+=1)L+=w[R].totalCount;let F=new Array(L),W=0;for(let R=0;R<u;R+=1)for(let $=0;$<w.length;$+=1)R<y[$].length&&(F[W]=y[$][R],W+=1);for(let R=0;R<v;R+=1)for(let $=0;$<w.length;$+=1)R<N[$].length&&(F[W]=N[$][R],W+=1);return F},j=function(g,w,d){let u=ct.getRSBlocks(g,w),v=dt();for(let N=0;N<d.length;N+=1){let L=d[N];v.put(L.getMode(),4),v.put(L.getLength(),Ae.getLengthInBits(L.getMode(),g)),L.write(v)}let y=0;for(let N=0;N<u.length;N+=1)y+=u[N].dataCount;if(v.getLengthInBits()>y*8)throw"code length overflow. ("+v.getLengthInBits()+">"+y*8+")";for(v.getLengthInBits()+4<=y*8&&v.put(0,4);v.getLengthInBits()%8!=0;)v.putBit(!1);for(;!(v.getLengthInBits()>=y*8||(v.put(236,8),v.getLengthInBits()>=y*8));)v.put(17,8);return I(v,u)};h.addData=function(g,w){w=w||"Byte";let d=null;switch(w){case"Numeric":d=qs(g);break;case"Alphanumeric":d=Os(g);break;case"Byte":d=js(g);break;case"Kanji":d=Ms(g);break;default:throw"mode:"+w}f.push(d),m=null},h.isDark=function(g,w){if(g<0||i<=g||w<0||i<=w)throw g+","+w;return l[g][w]},h.getModuleCount=function(){return i},h.make=function(){if(r<1){let g=1;for(;g<40;g++){let w=ct.getRSBlocks(g,c),d=dt();for(let v=0;v<f.length;v++){let y=f[v];d.put(y.getMode(),4),d.put(y.getLength(),Ae.getLengthInBits(y.getMode(),g)),y.write(d)}let u=0;for(let v=0;v<w.length;v++)u+=w[v].dataCount;if(d.getLengthInBits()<=u*8)break}r=g}p(!1,k())},h.createTableTag=function(g,w){g=g||2,w=typeof w>"u"?g*4:w;let d="";d+='<table style="',d+=" border-width: 0px; border-style: none;",d+=" border-collapse: collapse;",d+=" padding: 0px; margin: "+w+"px;",d+='">',d+="<tbody>";for(let u=0;u<h.getModuleCount();u+=1){d+="<tr>";for(let v=0;v<h.getModuleCount();v+=1)d+='<td style="',d+=" border-width: 0px; border-style: none;",d+=" border-collapse: collapse;",d+=" padding: 0px; margin: 0px;",d+=" width: "+g+"px;",d+=" height: "+g+"px;",d+=" background-color: ",d+=h.isDark(u,v)?"#000000":"#ffffff",d+=";",d+='"/>';d+="</tr>"}return d+="</tbody>",d+="</table>",d},h.createSvgTag=function(g,w,d,u){let v={};typeof arguments[0]=="object"&&(v=arguments[0],g=v.cellSize,w=v.margin,d=v.alt,u=v.title),g=g||2,w=typeof w>"u"?g*4:w,d=typeof d=="string"?{text:d}:d||{},d.text=d.text||null,d.id=d.text?d.id||"qrcode-description":null,u=typeof u=="string"?{text:u}:u||{},u.text=u.text||null,u.id=u.text?u.id||"qrcode-title":null;let y=h.getModuleCount()*g+w*2,N,L,F,W,R="",$;for($="l"+g+",0 0,"+g+" -"+g+",0 0,-"+g+"z ",R+='<svg version="1.1" xmlns="http://www.w3.org/2000/svg"',R+=v.scalable?"":' width="'+y+'px" height="'+y+'px"',R+=' viewBox="0 0 '+y+" "+y+'" ',R+=' preserveAspectRatio="xMinYMin meet"',R+=u.text||d.text?' role="img" aria-labelledby="'+T([u.id,d.id].join(" ").trim())+'"':"",R+=">",R+=u.text?'<title id="'+T(u.id)+'">'+T(u.text)+"</title>":"",R+=d.text?'<description id="'+T(d.id)+'">'+T(d.text)+"</description>":"",R+='<rect width="100%" height="100%" fill="white" cx="0" cy="0"/>',R+='<path d="',F=0;F<h.getModuleCount();F+=1)for(W=F*g+w,N=0;N<h.getModuleCount();N+=1)h.isDark(F,N)&&(L=N*g+w,R+="M"+L+","+W+$);return R+='" stroke="transparent" fill="black"/>',R+="</svg>",R},h.createDataURL=function(g,w){g=g||2,w=typeof w>"u"?g*4:w;let d=h.getModuleCount()*g+w*2,u=w,v=d-w;return Vs(d,d,function(y,N){if(u<=y&&y<v&&u<=N&&N<v){let L=Math.floor((y-u)/g),F=Math.floor((N-u)/g);return h.isDark(F,L)?0:1}else return 1})},h.createImgTag=function(g,w,d){g=g||2,w=typeof w>"u"?g*4:w;let u=h.getModuleCount()*g+w*2,v="";return v+="<img",v+=' src="',v+=h.createDataURL(g,w),v+='"',v+=' width="',v+=u,v+='"',v+=' height="',v+=u,v+='"',d&&(v+=' alt="',v+=T(d),v+='"'),v+="/>",v};let T=function(g){let w="";for(let d=0;d<g.length;d+=1){let u=g.charAt(d);switch(u){case"<":w+="&lt;";break;case">":w+="&gt;";break;case"&":w+="&amp;";break;case'"':w+="&quot;";break;default:w+=u;break}}return w},S=function(g){g=typeof g>"u"?2:g;let d=h.getModuleCount()*1+g*2,u=g,v=d-g,y,N,L,F,W,R={"██":"█","█ ":"▀"," █":"▄","  ":" "},$={"██":"▀","█ ":"▀"," █":" ","  ":" "},D="";for(y=0;y<d;y+=2){for(L=Math.floor((y-u)/1),F=Math.floor((y+1-u)/1),N=0;N<d;N+=1)W="█",u<=N&&N<v&&u<=y&&y<v&&h.isDark(L,Math.floor((N-u)/1))&&(W=" "),u<=N&&N<v&&u<=y+1&&y+1<v&&h.isDark(F,Math.floor((N-u)/1))?W+=" ":W+="█",D+=g<1&&y+1>=v?$[W]:R[W];D+=`
`}return d%2&&g>0?D.substring(0,D.length-d-1)+Array(d+1).join("▀"):D.substring(0,D.length-1)};return h.createASCII=function(g,w){if(g=g||1,g<2)return S(w);g-=1,w=typeof w>"u"?g*2:w;let d=h.getModuleCount()*g+w*2,u=w,v=d-w,y,N,L,F,W=Array(g+1).join("██"),R=Array(g+1).join("  "),$="",D="";for(y=0;y<d;y+=1){for(L=Math.floor((y-u)/g),D="",N=0;N<d;N+=1)F=1,u<=N&&N<v&&u<=y&&y<v&&h.isDark(L,Math.floor((N-u)/g))&&(F=0),D+=F?W:R;for(L=0;L<g;L+=1)$+=D+`
`}return $.substring(0,$.length-1)},h.renderTo2dContext=function(g,w){w=w||2;let d=h.getModuleCount();for(let u=0;u<d;u++)for(let v=0;v<d;v++)g.fillStyle=h.isDark(u,v)?"black":"white",g.fillRect(v*w,u*w,w,w)},h};Me.stringToBytes=function(e){let o=[];for(let t=0;t<e.length;t+=1){let a=e.charCodeAt(t);o.push(a&255)}return o};Me.createStringToBytes=function(e,o){let t=(function(){let r=Gs(e),c=function(){let m=r.read();if(m==-1)throw"eof";return m},l=0,i={};for(;;){let m=r.read();if(m==-1)break;let f=c(),h=c(),p=c(),b=String.fromCharCode(m<<8|f),k=h<<8|p;i[b]=k,l+=1}if(l!=o)throw l+" != "+o;return i})(),a=63;return function(r){let c=[];for(let l=0;l<r.length;l+=1){let i=r.charCodeAt(l);if(i<128)c.push(i);else{let m=t[r.charAt(l)];typeof m=="number"?(m&255)==m?c.push(m):(c.push(m>>>8),c.push(m&255)):c.push(a)}}return c}};var X={MODE_NUMBER:1,MODE_ALPHA_NUM:2,MODE_8BIT_BYTE:4,MODE_KANJI:8},en={L:1,M:0,Q:3,H:2},Ee={PATTERN000:0,PATTERN001:1,PATTERN010:2,PATTERN011:3,PATTERN100:4,PATTERN101:5,PATTERN110:6,PATTERN111:7},Ae=(function(){let e=[[],[6,18],[6,22],[6,26],[6,30],[6,34],[6,22,38],[6,24,42],[6,26,46],[6,28,50],[6,30,54],[6,32,58],[6,34,62],[6,26,46,66],[6,26,48,70],[6,26,50,74],[6,30,54,78],[6,30,56,82],[6,30,58,86],[6,34,62,90],[6,28,50,72,94],[6,26,50,74,98],[6,30,54,78,102],[6,28,54,80,106],[6,32,58,84,110],[6,30,58,86,114],[6,34,62,90,118],[6,26,50,74,98,122],[6,30,54,78,102,126],[6,26,52,78,104,130],[6,30,56,82,108,134],[6,34,60,86,112,138],[6,30,58,86,114,142],[6,34,62,90,118,146],[6,30,54,78,102,126,150],[6,24,50,76,102,128,154],[6,28,54,80,106,132,158],[6,32,58,84,110,136,162],[6,26,54,82,110,138,166],[6,30,58,86,114,142,170]],o=1335,t=7973,a=21522,r={},c=function(l){let i=0;for(;l!=0;)i+=1,l>>>=1;return i};return r.getBCHTypeInfo=function(l){let i=l<<10;for(;c(i)-c(o)>=0;)i^=o<<c(i)-c(o);return(l<<10|i)^a},r.getBCHTypeNumber=function(l){let i=l<<12;for(;c(i)-c(t)>=0;)i^=t<<c(i)-c(t);return l<<12|i},r.getPatternPosition=function(l){return e[l-1]},r.getMaskFunction=function(l){switch(l){case Ee.PATTERN000:return function(i,m){return(i+m)%2==0};case Ee.PATTERN001:return function(i,m){return i%2==0};case Ee.PATTERN010:return function(i,m){return m%3==0};case Ee.PATTERN011:return function(i,m){return(i+m)%3==0};case Ee.PATTERN100:return function(i,m){return(Math.floor(i/2)+Math.floor(m/3))%2==0};case Ee.PATTERN101:return function(i,m){return i*m%2+i*m%3==0};case Ee.PATTERN110:return function(i,m){return(i*m%2+i*m%3)%2==0};case Ee.PATTERN111:return function(i,m){return(i*m%3+(i+m)%2)%2==0};default:throw"bad maskPattern:"+l}},r.getErrorCorrectPolynomial=function(l){let i=nn([1],0);for(let m=0;m<l;m+=1)i=i.multiply(nn([1,_e.gexp(m)],0));return i},r.getLengthInBits=function(l,i){if(1<=i&&i<10)switch(l){case X.MODE_NUMBER:return 10;case X.MODE_ALPHA_NUM:return 9;case X.MODE_8BIT_BYTE:return 8;case X.MODE_KANJI:return 8;default:throw"mode:"+l}else if(i<27)switch(l){case X.MODE_NUMBER:return 12;case X.MODE_ALPHA_NUM:return 11;case X.MODE_8BIT_BYTE:return 16;case X.MODE_KANJI:return 10;default:throw"mode:"+l}else if(i<41)switch(l){case X.MODE_NUMBER:return 14;case X.MODE_ALPHA_NUM:return 13;case X.MODE_8BIT_BYTE:return 16;case X.MODE_KANJI:return 12;default:throw"mode:"+l}else throw"type:"+i},r.getLostPoint=function(l){let i=l.getModuleCount(),m=0;for(let p=0;p<i;p+=1)for(let b=0;b<i;b+=1){let k=0,O=l.isDark(p,b);for(let A=-1;A<=1;A+=1)if(!(p+A<0||i<=p+A))for(let _=-1;_<=1;_+=1)b+_<0||i<=b+_||A==0&&_==0||O==l.isDark(p+A,b+_)&&(k+=1);k>5&&(m+=3+k-5)}for(let p=0;p<i-1;p+=1)for(let b=0;b<i-1;b+=1){let k=0;l.isDark(p,b)&&(k+=1),l.isDark(p+1,b)&&(k+=1),l.isDark(p,b+1)&&(k+=1),l.isDark(p+1,b+1)&&(k+=1),(k==0||k==4)&&(m+=3)}for(let p=0;p<i;p+=1)for(let b=0;b<i-6;b+=1)l.isDark(p,b)&&!l.isDark(p,b+1)&&l.isDark(p,b+2)&&l.isDark(p,b+3)&&l.isDark(p,b+4)&&!l.isDark(p,b+5)&&l.isDark(p,b+6)&&(m+=40);for(let p=0;p<i;p+=1)for(let b=0;b<i-6;b+=1)l.isDark(b,p)&&!l.isDark(b+1,p)&&l.isDark(b+2,p)&&l.isDark(b+3,p)&&l.isDark(b+4,p)&&!l.isDark(b+5,p)&&l.isDark(b+6,p)&&(m+=40);let f=0;for(let p=0;p<i;p+=1)for(let b=0;b<i;b+=1)l.isDark(b,p)&&(f+=1);let h=Math.abs(100*f/i/i-50)/5;return m+=h*10,m},r})(),_e=(function(){let e=new Array(256),o=new Array(256);for(let a=0;a<8;a+=1)e[a]=1<<a;for(let a=8;a<256;a+=1)e[a]=e[a-4]^e[a-5]^e[a-6]^e[a-8];for(let a=0;a<255;a+=1)o[e[a]]=a;let t={};return t.glog=function(a){if(a<1)throw"glog("+a+")";return o[a]},t.gexp=function(a){for(;a<0;)a+=255;for(;a>=256;)a-=255;return e[a]},t})(),nn=function(e,o){if(typeof e.length>"u")throw e.length+"/"+o;let t=(function(){let r=0;for(;r<e.length&&e[r]==0;)r+=1;let c=new Array(e.length-r+o);for(let l=0;l<e.length-r;l+=1)c[l]=e[l+r];return c})(),a={};return a.getAt=function(r){return t[r]},a.getLength=function(){return t.length},a.multiply=function(r){let c=new Array(a.getLength()+r.getLength()-1);for(let l=0;l<a.getLength();l+=1)for(let i=0;i<r.getLength();i+=1)c[l+i]^=_e.gexp(_e.glog(a.getAt(l))+_e.glog(r.getAt(i)));return nn(c,0)},a.mod=function(r){if(a.getLength()-r.getLength()<0)return a;let c=_e.glog(a.getAt(0))-_e.glog(r.getAt(0)),l=new Array(a.getLength());for(let i=0;i<a.getLength();i+=1)l[i]=a.getAt(i);for(let i=0;i<r.getLength();i+=1)l[i]^=_e.gexp(_e.glog(r.getAt(i))+c);return nn(l,0).mod(r)},a},ct=(function(){let e=[[1,26,19],[1,26,16],[1,26,13],[1,26,9],[1,44,34],[1,44,28],[1,44,22],[1,44,16],[1,70,55],[1,70,44],[2,35,17],[2,35,13],[1,100,80],[2,50,32],[2,50,24],[4,25,9],[1,134,108],[2,67,43],[2,33,15,2,34,16],[2,33,11,2,34,12],[2,86,68],[4,43,27],[4,43,19],[4,43,15],[2,98,78],[4,49,31],[2,32,14,4,33,15],[4,39,13,1,40,14],[2,121,97],[2,60,38,2,61,39],[4,40,18,2,41,19],[4,40,14,2,41,15],[2,146,116],[3,58,36,2,59,37],[4,36,16,4,37,17],[4,36,12,4,37,13],[2,86,68,2,87,69],[4,69,43,1,70,44],[6,43,19,2,44,20],[6,43,15,2,44,16],[4,101,81],[1,80,50,4,81,51],[4,50,22,4,51,23],[3,36,12,8,37,13],[2,116,92,2,117,93],[6,58,36,2,59,37],[4,46,20,6,47,21],[7,42,14,4,43,15],[4,133,107],[8,59,37,1,60,38],[8,44,20,4,45,21],[12,33,11,4,34,12],[3,145,115,1,146,116],[4,64,40,5,65,41],[11,36,16,5,37,17],[11,36,12,5,37,13],[5,109,87,1,110,88],[5,65,41,5,66,42],[5,54,24,7,55,25],[11,36,12,7,37,13],[5,122,98,1,123,99],[7,73,45,3,74,46],[15,43,19,2,44,20],[3,45,15,13,46,16],[1,135,107,5,136,108],[10,74,46,1,75,47],[1,50,22,15,51,23],[2,42,14,17,43,15],[5,150,120,1,151,121],[9,69,43,4,70,44],[17,50,22,1,51,23],[2,42,14,19,43,15],[3,141,113,4,142,114],[3,70,44,11,71,45],[17,47,21,4,48,22],[9,39,13,16,40,14],[3,135,107,5,136,108],[3,67,41,13,68,42],[15,54,24,5,55,25],[15,43,15,10,44,16],[4,144,116,4,145,117],[17,68,42],[17,50,22,6,51,23],[19,46,16,6,47,17],[2,139,111,7,140,112],[17,74,46],[7,54,24,16,55,25],[34,37,13],[4,151,121,5,152,122],[4,75,47,14,76,48],[11,54,24,14,55,25],[16,45,15,14,46,16],[6,147,117,4,148,118],[6,73,45,14,74,46],[11,54,24,16,55,25],[30,46,16,2,47,17],[8,132,106,4,133,107],[8,75,47,13,76,48],[7,54,24,22,55,25],[22,45,15,13,46,16],[10,142,114,2,143,115],[19,74,46,4,75,47],[28,50,22,6,51,23],[33,46,16,4,47,17],[8,152,122,4,153,123],[22,73,45,3,74,46],[8,53,23,26,54,24],[12,45,15,28,46,16],[3,147,117,10,148,118],[3,73,45,23,74,46],[4,54,24,31,55,25],[11,45,15,31,46,16],[7,146,116,7,147,117],[21,73,45,7,74,46],[1,53,23,37,54,24],[19,45,15,26,46,16],[5,145,115,10,146,116],[19,75,47,10,76,48],[15,54,24,25,55,25],[23,45,15,25,46,16],[13,145,115,3,146,116],[2,74,46,29,75,47],[42,54,24,1,55,25],[23,45,15,28,46,16],[17,145,115],[10,74,46,23,75,47],[10,54,24,35,55,25],[19,45,15,35,46,16],[17,145,115,1,146,116],[14,74,46,21,75,47],[29,54,24,19,55,25],[11,45,15,46,46,16],[13,145,115,6,146,116],[14,74,46,23,75,47],[44,54,24,7,55,25],[59,46,16,1,47,17],[12,151,121,7,152,122],[12,75,47,26,76,48],[39,54,24,14,55,25],[22,45,15,41,46,16],[6,151,121,14,152,122],[6,75,47,34,76,48],[46,54,24,10,55,25],[2,45,15,64,46,16],[17,152,122,4,153,123],[29,74,46,14,75,47],[49,54,24,10,55,25],[24,45,15,46,46,16],[4,152,122,18,153,123],[13,74,46,32,75,47],[48,54,24,14,55,25],[42,45,15,32,46,16],[20,147,117,4,148,118],[40,75,47,7,76,48],[43,54,24,22,55,25],[10,45,15,67,46,16],[19,148,118,6,149,119],[18,75,47,31,76,48],[34,54,24,34,55,25],[20,45,15,61,46,16]],o=function(r,c){let l={};return l.totalCount=r,l.dataCount=c,l},t={},a=function(r,c){switch(c){case en.L:return e[(r-1)*4+0];case en.M:return e[(r-1)*4+1];case en.Q:return e[(r-1)*4+2];case en.H:return e[(r-1)*4+3];default:return}};return t.getRSBlocks=function(r,c){let l=a(r,c);if(typeof l>"u")throw"bad rs block @ typeNumber:"+r+"/errorCorrectionLevel:"+c;let i=l.length/3,m=[];for(let f=0;f<i;f+=1){let h=l[f*3+0],p=l[f*3+1],b=l[f*3+2];for(let k=0;k<h;k+=1)m.push(o(p,b))}return m},t})(),dt=function(){let e=[],o=0,t={};return t.getBuffer=function(){return e},t.getAt=function(a){let r=Math.floor(a/8);return(e[r]>>>7-a%8&1)==1},t.put=function(a,r){for(let c=0;c<r;c+=1)t.putBit((a>>>r-c-1&1)==1)},t.getLengthInBits=function(){return o},t.putBit=function(a){let r=Math.floor(o/8);e.length<=r&&e.push(0),a&&(e[r]|=128>>>o%8),o+=1},t},qs=function(e){let o=X.MODE_NUMBER,t=e,a={};a.getMode=function(){return o},a.getLength=function(l){return t.length},a.write=function(l){let i=t,m=0;for(;m+2<i.length;)l.put(r(i.substring(m,m+3)),10),m+=3;m<i.length&&(i.length-m==1?l.put(r(i.substring(m,m+1)),4):i.length-m==2&&l.put(r(i.substring(m,m+2)),7))};let r=function(l){let i=0;for(let m=0;m<l.length;m+=1)i=i*10+c(l.charAt(m));return i},c=function(l){if("0"<=l&&l<="9")return l.charCodeAt(0)-48;throw"illegal char :"+l};return a},Os=function(e){let o=X.MODE_ALPHA_NUM,t=e,a={};a.getMode=function(){return o},a.getLength=function(c){return t.length},a.write=function(c){let l=t,i=0;for(;i+1<l.length;)c.put(r(l.charAt(i))*45+r(l.charAt(i+1)),11),i+=2;i<l.length&&c.put(r(l.charAt(i)),6)};let r=function(c){if("0"<=c&&c<="9")return c.charCodeAt(0)-48;if("A"<=c&&c<="Z")return c.charCodeAt(0)-65+10;switch(c){case" ":return 36;case"$":return 37;case"%":return 38;case"*":return 39;case"+":return 40;case"-":return 41;case".":return 42;case"/":return 43;case":":return 44;default:throw"illegal char :"+c}};return a},js=function(e){let o=X.MODE_8BIT_BYTE,t=e,a=Me.stringToBytes(e),r={};return r.getMode=function(){return o},r.getLength=function(c){return a.length},r.write=function(c){for(let l=0;l<a.length;l+=1)c.put(a[l],8)},r},Ms=function(e){let o=X.MODE_KANJI,t=e,a=Me.stringToBytes;(function(l,i){let m=a(l);if(m.length!=2||(m[0]<<8|m[1])!=i)throw"sjis not supported."})("友",38726);let r=a(e),c={};return c.getMode=function(){return o},c.getLength=function(l){return~~(r.length/2)},c.write=function(l){let i=r,m=0;for(;m+1<i.length;){let f=(255&i[m])<<8|255&i[m+1];if(33088<=f&&f<=40956)f-=33088;else if(57408<=f&&f<=60351)f-=49472;else throw"illegal char at "+(m+1)+"/"+f;f=(f>>>8&255)*192+(f&255),l.put(f,13),m+=2}if(m<i.length)throw"illegal char at "+(m+1)},c},ut=function(){let e=[],o={};return o.writeByte=function(t){e.push(t&255)},o.writeShort=function(t){o.writeByte(t),o.writeByte(t>>>8)},o.writeBytes=function(t,a,r){a=a||0,r=r||t.length;for(let c=0;c<r;c+=1)o.writeByte(t[c+a])},o.writeString=function(t){for(let a=0;a<t.length;a+=1)o.writeByte(t.charCodeAt(a))},o.toByteArray=function(){return e},o.toString=function(){let t="";t+="[";for(let a=0;a<e.length;a+=1)a>0&&(t+=","),t+=e[a];return t+="]",t},o},Bs=function(){let e=0,o=0,t=0,a="",r={},c=function(i){a+=String.fromCharCode(l(i&63))},l=function(i){if(i<0)throw"n:"+i;if(i<26)return 65+i;if(i<52)return 97+(i-26);if(i<62)return 48+(i-52);if(i==62)return 43;if(i==63)return 47;throw"n:"+i};return r.writeByte=function(i){for(e=e<<8|i&255,o+=8,t+=1;o>=6;)c(e>>>o-6),o-=6},r.flush=function(){if(o>0&&(c(e<<6-o),e=0,o=0),t%3!=0){let i=3-t%3;for(let m=0;m<i;m+=1)a+="="}},r.toString=function(){return a},r},Gs=function(e){let o=e,t=0,a=0,r=0,c={};c.read=function(){for(;r<8;){if(t>=o.length){if(r==0)return-1;throw"unexpected end of file./"+r}let m=o.charAt(t);if(t+=1,m=="=")return r=0,-1;if(m.match(/^\s$/))continue;a=a<<6|l(m.charCodeAt(0)),r+=6}let i=a>>>r-8&255;return r-=8,i};let l=function(i){if(65<=i&&i<=90)return i-65;if(97<=i&&i<=122)return i-97+26;if(48<=i&&i<=57)return i-48+52;if(i==43)return 62;if(i==47)return 63;throw"c:"+i};return c},Fs=function(e,o){let t=e,a=o,r=new Array(e*o),c={};c.setPixel=function(f,h,p){r[h*t+f]=p},c.write=function(f){f.writeString("GIF87a"),f.writeShort(t),f.writeShort(a),f.writeByte(128),f.writeByte(0),f.writeByte(0),f.writeByte(0),f.writeByte(0),f.writeByte(0),f.writeByte(255),f.writeByte(255),f.writeByte(255),f.writeString(","),f.writeShort(0),f.writeShort(0),f.writeShort(t),f.writeShort(a),f.writeByte(0);let h=2,p=i(h);f.writeByte(h);let b=0;for(;p.length-b>255;)f.writeByte(255),f.writeBytes(p,b,255),b+=255;f.writeByte(p.length-b),f.writeBytes(p,b,p.length-b),f.writeByte(0),f.writeString(";")};let l=function(f){let h=f,p=0,b=0,k={};return k.write=function(O,A){if(O>>>A)throw"length over";for(;p+A>=8;)h.writeByte(255&(O<<p|b)),A-=8-p,O>>>=8-p,b=0,p=0;b=O<<p|b,p=p+A},k.flush=function(){p>0&&h.writeByte(b)},k},i=function(f){let h=1<<f,p=(1<<f)+1,b=f+1,k=m();for(let z=0;z<h;z+=1)k.add(String.fromCharCode(z));k.add(String.fromCharCode(h)),k.add(String.fromCharCode(p));let O=ut(),A=l(O);A.write(h,b);let _=0,x=String.fromCharCode(r[_]);for(_+=1;_<r.length;){let z=String.fromCharCode(r[_]);_+=1,k.contains(x+z)?x=x+z:(A.write(k.indexOf(x),b),k.size()<4095&&(k.size()==1<<b&&(b+=1),k.add(x+z)),x=z)}return A.write(k.indexOf(x),b),A.write(p,b),A.flush(),O.toByteArray()},m=function(){let f={},h=0,p={};return p.add=function(b){if(p.contains(b))throw"dup key:"+b;f[b]=h,h+=1},p.size=function(){return h},p.indexOf=function(b){return f[b]},p.contains=function(b){return typeof f[b]<"u"},p};return c},Vs=function(e,o,t){let a=Fs(e,o);for(let i=0;i<o;i+=1)for(let m=0;m<e;m+=1)a.setPixel(m,i,t(m,i));let r=ut();a.write(r);let c=Bs(),l=r.toByteArray();for(let i=0;i<l.length;i+=1)c.writeByte(l[i]);return c.flush(),"data:image/gif;base64,"+c},mt=Me,dr=Me.stringToBytes;var oo="http://www.w3.org/2000/svg",Us=/^[0-9A-Z $%*+\-./:]*$/;function Ws(e,o="M"){let t=mt(0,o);t.addData(e,Us.test(e)?"Alphanumeric":"Byte"),t.make();let a=t.getModuleCount(),r=[];for(let c=0;c<a;c++){let l=[];for(let i=0;i<a;i++)l.push(t.isDark(c,i));r.push(l)}return r}function _n(e,o,t=4,a="M"){let r=Ws(e,a),c=r.length,l=c+2*t,i="";for(let p=0;p<c;p++)for(let b=0;b<c;){if(!r[p][b]){b++;continue}let k=1;for(;b+k<c&&r[p][b+k];)k++;i+=`M${b+t} ${p+t}h${k}v1h-${k}z`,b+=k}let m=document.createElementNS(oo,"svg");m.setAttribute("viewBox",`0 0 ${l} ${l}`),m.setAttribute("role","img"),m.setAttribute("aria-label",o),m.setAttribute("shape-rendering","crispEdges"),m.setAttribute("class","qr");let f=document.createElementNS(oo,"rect");f.setAttribute("width",String(l)),f.setAttribute("height",String(l)),f.setAttribute("fill","#ffffff");let h=document.createElementNS(oo,"path");return h.setAttribute("d",i),h.setAttribute("fill","#000000"),m.append(f,h),m}var Ks=10;function Y(e){return n("thead",{},n("tr",{},e.map(o=>{let[t,a]=Array.isArray(o)?o:[o];return n("th",{scope:"col",class:a||null,text:t?s(t):""})})))}function on(e){return n("span",{class:`sev sev-${De.includes(e)?e:"info"}`,text:vn(e||"info")})}function to(e,o,t=!0){let a=e.details||{};return n("li",{class:`tl-item sev-line-${e.severity||"info"}${o?" tl-highlight":""}`,"data-origin-node-id":de(e)},n("span",{class:"tl-time",text:q(e.at)}),n("span",{class:"tl-what"},on(e.severity)," ",kn(e,qe,be)),t?e.gate_id?n("span",{class:"tl-gate",text:se(e.gate_id,e.gate_label)}):n("span",{class:"tl-gate muted",text:"—"}):null,a.challenge_gate_id&&a.challenge_gate_id!==e.gate_id?n("span",{class:"tl-note muted",text:s("console-tl-challenge-to",{gate:se(a.challenge_gate_id)})}):null)}async function Hs(e){let o=[],t=null;for(let a=0;a<Ks;a++){let r=await C("GET",`/v1/audit?${fe({pass_id:e},{limit:1e3,cursor:t})}`);if(!r.ok||!r.body||!Array.isArray(r.body.events))return{error:P(r,"console-action-read-pass-events"),events:o};if(o.push(...r.body.events),t=r.body.next_cursor,!t)break}return{events:o}}function Tn(e,o){let t=n("ol",{class:"timeline","aria-label":s("console-timeline")}),a=n("div",{class:"error-slot"}),r=n("p",{class:"muted",role:"status",text:s("console-timeline-loading")}),c=new Set,l=m=>{if(c.has(m.id))return;c.add(m.id);let f=to(m,m.id===o);f.dataset.id=String(m.id);let h=[...t.children].find(p=>Number(p.dataset.id)>m.id);t.insertBefore(f,h||null)};return(async()=>{let{events:m,error:f}=await Hs(e),h=new Map(ne.newest(b=>b.pass_id===e).map(b=>[b.id,b]));for(let b of m)l(h.get(b.id)||b);for(let b of h.values())l(b);E(a,f||null);let p=t.querySelector(".tl-highlight");p&&matchMedia("(min-width: 800px)").matches&&p.scrollIntoView({block:"nearest"}),r.textContent=s("console-timeline-count",{count:c.size})})(),{root:n("div",{class:"timeline-wrap"},r,a,t),onEvent:m=>m.pass_id===e&&l(m)}}function we(e,o){return n("div",{class:"tile"},n("span",{class:"tile-value",text:typeof o=="number"?Q(o):String(o)}),n("span",{class:"tile-label",text:e}))}function ke(e,o,t,{name:a,confirmName:r,cls:c="danger"}={}){let l=n("span",{class:"confirm"}),i=n("button",{type:"button",class:c,text:e,"aria-label":a});return i.addEventListener("click",()=>{let m=n("button",{type:"button",class:"danger strong",text:o,"aria-label":r}),f=n("button",{type:"button",class:"secondary",text:s("console-cancel")});m.addEventListener("click",async()=>{m.disabled=!0,f.disabled=!0,await t(),l.replaceChildren(i)}),f.addEventListener("click",()=>{l.replaceChildren(i),i.focus()}),l.replaceChildren(m,f),m.focus()}),l.append(i),l}async function zn(e,o,t){let a=await C("POST",`/v1/gates/${e}/pairing`);if(!a.ok||!a.body||!a.body.pairing_url)return E(t,P(a,"console-action-pair"));E(t,null),o.replaceChildren(n("div",{class:"card qr-card"},_n(a.body.pairing_url,s("console-pair-qr")),n("div",{},n("h3",{text:s("console-pair-title")}),n("p",{text:s("console-pair-help",{until:q(a.body.expires_at)})}),Be(s("console-pair-link"),a.body.pairing_url))))}var Zs=0;function Be(e,o){let t=`copy-${++Zs}`,a=n("input",{id:t,readonly:!0,value:o,class:"copy-input",spellcheck:"false",dir:"ltr"}),r=n("span",{class:"muted",role:"status"}),c=n("button",{type:"button",class:"secondary small",text:s("console-copy"),onclick:async()=>{try{await navigator.clipboard.writeText(o),r.textContent=s("console-copied")}catch{a.select(),r.textContent=s("console-copy-selected")}}});return n("div",{class:"field copy-field"},n("label",{for:t,text:e}),n("div",{class:"copy-row"},a,c),r)}function gt(){let e=n("div",{class:"error-slot"}),o=n("div"),t=n("div",{class:"error-slot"}),a=n("div"),r=(A,_,x,z)=>n("div",{class:"field"},n("label",{for:A,text:_}),x,z?n("p",{class:"muted",text:z}):null),c=n("input",{id:"p-label",autocomplete:"off",required:!0,maxlength:"200"}),l=n("input",{id:"p-site",autocomplete:"off",maxlength:"200"}),i=n("input",{id:"p-from",type:"datetime-local",step:"1"}),m=n("input",{id:"p-until",type:"datetime-local",step:"1",value:Ze(new Date(Date.now()+24*3600*1e3).toISOString())}),f=n("input",{id:"p-uses",type:"number",min:"1",max:"100000",value:"1",inputmode:"numeric"}),h=n("form",{class:"admin-form",novalidate:!0,"aria-label":s("console-issue-pass")},r("p-label",s("console-issue-label"),c),r("p-site",s("console-issue-site"),l,s("console-issue-site-help")),n("div",{class:"two"},r("p-from",s("console-issue-from"),i,s("console-issue-from-help")),r("p-until",s("console-issue-until"),m)),r("p-uses",s("console-issue-uses"),f),e,n("p",{class:"actions"},n("button",{type:"submit",class:"primary",text:s("console-issue-submit")})));h.addEventListener("submit",async A=>{A.preventDefault();let _={label:c.value.trim(),valid_until:Pe(m.value)};if(!_.label)return E(e,s("console-issue-label-missing"));if(!_.valid_until)return E(e,s("console-issue-until-missing"));l.value.trim()&&(_.site=l.value.trim()),i.value&&(_.valid_from=Pe(i.value));let x=Number(f.value||"1");if(!Number.isInteger(x)||x<1||x>1e5)return E(e,s("console-issue-uses-invalid"));_.max_uses=x;let z=await C("POST","/v1/passes",_);if(!z.ok||!z.body||!z.body.pass_id)return E(e,P(z,"console-action-issue-pass"));E(e,null),ue.set(z.body.pass_id,_.label),c.value="",o.replaceChildren(n("div",{class:"card qr-card"},_n(z.body.claim_url,s("console-claim-qr")),n("div",{},n("h3",{text:s("console-issued-for",{label:_.label})}),n("p",{text:s("console-issued-help")}),Be(s("console-claim-link"),z.body.claim_url),n("p",{},n("a",{href:`#pass/${z.body.pass_id}`,text:s("console-open-pass")})))))});let p=n("input",{id:"g-label",autocomplete:"off",required:!0,maxlength:"200"}),b=n("input",{id:"g-site",autocomplete:"off",maxlength:"200"}),k=n("form",{class:"admin-form",novalidate:!0,"aria-label":s("console-create-gate")},r("g-label",s("console-gate-label"),p,s("console-gate-label-help")),r("g-site",s("console-gate-site"),b,s("console-gate-site-help")),t,n("p",{class:"actions"},n("button",{type:"submit",class:"primary",text:s("console-create-gate-submit")})));return k.addEventListener("submit",async A=>{A.preventDefault();let _={label:p.value.trim()};if(!_.label)return E(t,s("console-gate-label-missing"));b.value.trim()&&(_.site=b.value.trim());let x=await C("POST","/v1/gates",_);if(!x.ok||!x.body||!x.body.gate_id)return E(t,P(x,"console-action-create-gate"));E(t,null),p.value="";let z=x.body.gate_id,I=n("div");a.replaceChildren(n("div",{class:"card result-card"},n("h3",{text:s("console-gate-created",{label:_.label})}),n("p",{text:s("console-gate-created-help")}),n("p",{class:"actions"},n("button",{type:"button",class:"primary",text:s("console-pair-make"),onclick:()=>zn(z,I,t)}),n("a",{class:"button secondary",href:`#gate/${z}`,text:s("console-open-gate")})),n("details",{},n("summary",{text:s("console-device-token-summary")}),Be(s("console-device-token"),x.body.device_token))),I),Se()}),{root:n("section",{class:"admin-view"},n("h1",{text:s("console-manage")}),n("div",{class:"gate-grid"},n("div",{class:"card panel"},n("h2",{text:s("console-issue-pass")}),h,o),n("div",{class:"card panel"},n("h2",{text:s("console-create-gate")}),k,a)))}}function ht(e){let o=He(e),t=e.details||{},a=de(e);return a?e.gate_id?s("console-alarm-at-from-node",{gate:se(e.gate_id,e.gate_label),node:je(a)}):s("console-alarm-from-node",{node:je(a)}):!e.gate_id&&t.node_id&&String(e.kind).startsWith("site_")?s("console-alarm-node",{node:je(t.node_id)}):e.gate_id?s("console-alarm-at",{gate:se(e.gate_id,e.gate_label)}):o==="auth_failure"&&t.source?s("console-alarm-from",{source:String(t.source)}):s("console-alarm-no-gate")}function Qs(e){let o=He(e),t=e.details||{};return o==="foreign_nonce"&&t.challenge_gate_id&&t.challenge_gate_id!==e.gate_id?[s("console-alarm-challenge-of"),se(t.challenge_gate_id)]:o==="code_replayed"&&t.first_gate_id&&t.first_gate_id!==e.gate_id?[s("console-alarm-first-used-at"),se(t.first_gate_id)]:null}var pt={foreign_nonce:"console-alarm-about-foreign-nonce",code_replayed:"console-alarm-about-code-replayed",challenge_burned:"console-alarm-about-challenge-burned",claim_conflict:"console-alarm-about-claim-conflict",watchlist_hit:"console-alarm-about-watchlist-hit",auth_failure:"console-alarm-about-auth-failure",site_node_fault:"console-alarm-about-site-node-fault"};function Js(e,o){let t=Xn(e),a=me.get(e.id),r=he(a),c=e.pass_id?ae(e.pass_id,e.pass_label):s("console-alarm-no-pass"),l=n("button",{type:"button",class:"alarm-button","aria-pressed":o?"true":"false",onclick:()=>location.hash=`#alarms/${e.id}${location.hash.includes("?")?`?${location.hash.split("?")[1]}`:""}`},n("span",{class:"alarm-top"},n("span",{class:"alarm-reason",dir:"ltr",text:t}),on(e.severity),n("span",{class:"alarm-time",text:q(e.at)})),n("span",{class:"alarm-pass",text:c}),n("span",{class:"alarm-gate",text:ht(e)}),n("span",{class:`alarm-state alarm-state-${r}`,text:Wn(a)})),i=n("li",{class:`alarm alarm-${e.severity||"info"} alarm-${r}${o?" selected":""}`},l);return i.dataset.id=String(e.id),i.dataset.alarmId=String(e.id),i.dataset.state=r,i}function Ys(e,o,t){let a=me.get(e.id),r=he(a),c=async(A,_)=>{if(A.ok&&A.body){t(null),me.set(e.id,A.body),o();return}if(A.status===409&&(A.code==="already_acknowledged"||A.code==="already_resolved")){let x=await C("GET",`/v1/alarms/${e.id}`),z=x.ok&&x.body?x.body:null,I=z&&(A.code==="already_acknowledged"?z.acknowledged_by:z.resolved_by),j=A.code==="already_acknowledged"?"console-alarm-already-acknowledged":"console-alarm-already-resolved";t(I?s(`${j}-by`,{name:I}):s(j)),z&&G&&(me.set(e.id,z),z.event&&ne.add(z.event),ve(),M&&M.onAlarm&&M.onAlarm(e.id));return}t(P(A,_)),An(e.id)};if(r==="resolved")return null;let l=Z.person?Z.person.name:Z.label||"",i=[];if(r==="open"){let A=n("button",{type:"button",text:s("console-alarm-acknowledge")});A.addEventListener("click",async()=>{A.disabled=!0,await c(await C("POST",`/v1/alarms/${e.id}/acknowledge`),"console-action-acknowledge"),A.disabled=!1}),i.push(n("div",{class:"alarm-action"},A))}let m=n("input",{id:`alarm-assignee-${e.id}`,autocomplete:"off",value:a&&a.assignee||l}),f=n("button",{type:"submit",class:"secondary",text:s("console-alarm-assign")}),h=n("form",{class:"alarm-action inline-form",novalidate:!0},n("div",{class:"field"},n("label",{for:m.id,text:s("console-alarm-assign-to")}),m),f);h.addEventListener("submit",async A=>{A.preventDefault();let _=m.value.trim();f.disabled=!0,await c(await C("POST",`/v1/alarms/${e.id}/assign`,{assignee:_||null}),"console-action-assign"),f.disabled=!1}),i.push(h);let p=n("select",{id:`alarm-outcome-${e.id}`},...Un.map(([A,_])=>n("option",{value:A,text:_}))),b=n("input",{id:`alarm-note-${e.id}`,autocomplete:"off",maxlength:"2000"}),k=n("button",{type:"submit",text:s("console-alarm-resolve")}),O=n("form",{class:"alarm-action resolve-form",novalidate:!0},n("div",{class:"two"},n("div",{class:"field"},n("label",{for:p.id,text:s("console-alarm-outcome")}),p),n("div",{class:"field"},n("label",{for:b.id,text:s("console-alarm-note")}),b)),k);return O.addEventListener("submit",async A=>{A.preventDefault();let _={outcome:p.value};b.value.trim()&&(_.note=b.value.trim()),k.disabled=!0,await c(await C("POST",`/v1/alarms/${e.id}/resolve`,_),"console-action-resolve"),k.disabled=!1}),i.push(O),n("div",{class:"alarm-actions"},...i)}function Le(e,o=new URLSearchParams){let t=Qe.some(([S])=>S===o.get("state"))?o.get("state"):"active",a=n("ul",{class:"alarm-list","aria-label":s("console-alarms")}),r=n("p",{class:"empty muted",text:""}),c=n("span",{class:"h-count",text:""}),l=n("div",{class:"detail"}),i=n("select",{id:"alarms-filter"},...Qe.map(([S,g])=>n("option",{value:S,text:g})));i.value=t;let m=new Map,f="",h=null,p={id:null,text:null},b=n("div",{class:"error-slot alarm-alert"}),k=S=>g=>{p={id:S,text:g},E(b,g)},O=()=>{let S=e!==null?ne.byId.get(e):null;if(h=null,!S){l.replaceChildren(n("h2",{text:s("console-timeline")}),n("p",{class:"muted",text:e!==null?s("console-alarm-gone"):s("console-alarm-choose")}));return}let g=Xn(S),w=S.details||{},d=Qs(S),u=me.get(S.id),v=n("dl",{class:"facts"},n("dt",{text:s("console-alarm-fact-alarm")}),n("dd",{},n("code",{dir:"ltr",text:g}),pt[g]?` — ${s(pt[g])}`:""),n("dt",{text:s("console-alarm-fact-state")}),n("dd",{class:"alarm-state-now",text:Wn(u)}),u&&u.assignee?[n("dt",{text:s("console-alarm-fact-assigned-to")}),n("dd",{},n("bdi",{text:u.assignee}))]:null,u&&u.note?[n("dt",{text:s("console-alarm-note")}),n("dd",{text:u.note})]:null,n("dt",{text:s("console-alarm-fact-when")}),n("dd",{text:`${q(S.at)} (${pn(Date.now(),Date.parse(S.at))})`}),n("dt",{text:s("console-alarm-fact-where")}),n("dd",{text:ht(S)}),de(S)?[n("dt",{text:s("console-alarm-fact-shipped-by")}),n("dd",{},n("bdi",{text:je(de(S))}))]:null,S.kind==="site_node_fault"&&w.node_id?[n("dt",{text:s("console-alarm-fact-node")}),n("dd",{},n("a",{href:"#nodes",text:je(w.node_id)}))]:null,S.kind==="site_node_fault"&&yn(w)?[n("dt",{text:s("console-alarm-fact-refused")}),n("dd",{text:yn(w)})]:null,d?[n("dt",{text:d[0]}),n("dd",{text:d[1]})]:null,S.pass_id?[n("dt",{text:s("console-alarm-fact-pass")}),n("dd",{},n("a",{href:`#pass/${S.pass_id}`,text:ae(S.pass_id,S.pass_label)}))]:null,w.reason&&w.reason!==g?[n("dt",{text:s("console-alarm-fact-reason")}),n("dd",{},n("code",{dir:"ltr",text:w.reason}),`: ${Ne(w.reason)}`)]:null);E(b,p.id===S.id?p.text:null);let N=[n("section",{class:"alarm-handling","aria-labelledby":`alarm-h-${S.id}`},n("h2",{id:`alarm-h-${S.id}`,text:s("console-alarm-heading",{id:String(S.id)})}),v,b,nt()?Ys(S,()=>{A(),O()},k(S.id)):null)];S.pass_id?(h=Tn(S.pass_id,S.id),N.push(n("h2",{text:s("console-timeline-of",{pass:ae(S.pass_id,S.pass_label)})}),h.root)):N.push(n("pre",{class:"details",dir:"ltr",text:JSON.stringify(w,null,2)})),l.replaceChildren(...N)};function A(){let S=d=>me.get(d),g=Re?Uo(no(),S).filter(d=>Vo(he(S(d.id)),t)):[];c.textContent=g.length?Q(g.length):"",r.hidden=g.length>0,r.textContent=Re?t==="active"?s("console-alarms-none-open"):s("console-alarms-none"):s("console-alarms-loading");let w=g.map(d=>`${d.id}:${he(S(d.id))}:${(S(d.id)||{}).version||0}:${d.pass_label||""}:${d.gate_label||""}`).join(",")+`@${Yn}`;w!==f&&(f=w,m.clear(),a.replaceChildren(...g.map(d=>{let u=Js(d,d.id===e);return m.set(d.id,u),u})))}let _=()=>[...K.values()].map(S=>`${S.id}=${S.label}`).join(`
`),x=_(),z=()=>{_()!==x&&(x=_(),f="",A())};i.addEventListener("change",()=>{t=i.value;let S=e!==null?`/${e}`:"";history.replaceState(null,"",`#alarms${S}${t==="active"?"":`?state=${t}`}`),f="",A()}),O();let I=n("p",{class:"crumbs back-to-list"},n("a",{href:"#alarms",text:s("console-back-alarms")})),j=n("section",{class:`split alarms-view${e!==null?" has-detail":""}`},n("div",{class:"pane list-pane"},n("h1",{},s("console-alarms")," ",c),n("div",{class:"field alarms-filter"},n("label",{for:"alarms-filter",text:s("console-show")}),i),r,a),n("div",{class:"pane detail-pane"},I,l)),T=S=>{e=S,j.classList.toggle("has-detail",e!==null);for(let[w,d]of m){let u=w===e;d.classList.toggle("selected",u),d.firstChild.setAttribute("aria-pressed",u?"true":"false")}O();let g=l.querySelector("h2");g&&e!==null&&(g.setAttribute("tabindex","-1"),g.focus({preventScroll:!0}),matchMedia("(max-width: 799px)").matches&&j.scrollIntoView({block:"start"}))};return{name:"alarms",reroute:S=>{if(S.name!=="alarms")return!1;let g=Qe.some(([w])=>w===S.query.get("state"))?S.query.get("state"):"active";return g!==t&&(t=g,i.value=t,f="",A()),T(S.id?Number(S.id):null),!0},root:j,update:A,onGates:z,onAlarm:S=>{S===e&&O()},onEvent:S=>{h&&h.onEvent(S),e!==null&&S.id===e&&!h&&O()}}}var Xs=100;function ft(e){let o={};for(let u of["kind","severity","gate_id","pass_id","since","until"])o[u]=e.get(u)||"";let t=n("div",{class:"error-slot"}),a=(u,v,y)=>n("div",{class:"field"},n("label",{for:u,text:v}),y),r=n("input",{id:"f-kind",list:"f-kinds",value:o.kind,autocomplete:"off",spellcheck:"false",placeholder:s("console-filter-any"),dir:"ltr"}),c=n("datalist",{id:"f-kinds"},Oo.map(u=>n("option",{value:u}))),l=n("select",{id:"f-severity"},n("option",{value:"",text:s("console-filter-any")}),De.map(u=>n("option",{value:u,text:vn(u)})));l.value=o.severity;let i=n("select",{id:"f-gate"}),m=()=>{let u=i.value||o.gate_id;i.replaceChildren(n("option",{value:"",text:s("console-filter-any")}),...[...K.values()].map(v=>n("option",{value:v.id,text:v.revoked_at?s("console-gate-option-revoked",{gate:v.label}):v.label}))),u&&!K.has(u)&&i.append(n("option",{value:u,text:se(u)})),i.value=u};m();let f=n("input",{id:"f-pass",value:o.pass_id,autocomplete:"off",spellcheck:"false",placeholder:s("console-filter-pass-placeholder"),list:"f-passes",dir:"ltr"}),h=n("datalist",{id:"f-passes"},[...ue].map(([u,v])=>n("option",{value:u,text:v}))),p=n("input",{id:"f-since",type:"datetime-local",step:"1",value:Ze(o.since)}),b=n("input",{id:"f-until",type:"datetime-local",step:"1",value:Ze(o.until)}),k=n("form",{class:"filters",novalidate:!0,"aria-label":s("console-filters")},a("f-kind",s("console-filter-kind"),r),c,a("f-severity",s("console-filter-severity"),l),a("f-gate",s("console-filter-gate"),i),a("f-pass",s("console-filter-pass"),f),h,a("f-since",s("console-filter-since"),p),a("f-until",s("console-filter-until"),b),n("div",{class:"filter-actions"},n("button",{type:"submit",class:"primary",text:s("console-filter-apply")}),n("button",{type:"button",class:"secondary",text:s("console-filter-clear"),onclick:()=>location.hash="#events"})));k.addEventListener("submit",u=>{u.preventDefault();let v={kind:r.value.trim(),severity:l.value,gate_id:i.value,pass_id:f.value.trim(),since:Pe(p.value),until:Pe(b.value)},y=jo(v);if(y)return E(t,y);let N=fe(v),L=`#events${N?`?${N}`:""}`;location.hash===L?g(!0):location.hash=L});let O=n("a",{class:"button secondary",href:Fn(o,"csv"),download:"tessera-audit.csv",text:s("console-export-csv")}),A=n("a",{class:"button secondary",href:Fn(o,"jsonl"),download:"tessera-audit.jsonl",text:s("console-export-jsonl")}),_=n("p",{class:"muted",role:"status",text:s("console-loading")}),x=n("tbody"),z=n("table",{class:"events","aria-label":s("console-events")},Y(["console-col-time","console-col-severity","console-col-event","console-col-gate","console-col-pass"]),x),I=n("button",{type:"button",class:"secondary",text:s("console-load-more"),hidden:!0}),j=null,T=0,S=u=>n("tr",{"data-origin-node-id":de(u)},n("td",{class:"nowrap",text:q(u.at)}),n("td",{},on(u.severity)),n("td",{text:kn(u,qe,be),title:u.actor?s("console-actor-title",{name:u.actor.name,subject:u.actor.subject,issuer:u.actor.issuer}):null}),n("td",{},u.gate_id?n("a",{href:`#gate/${u.gate_id}`,text:se(u.gate_id,u.gate_label)}):"—"),n("td",{},u.pass_id?n("a",{href:`#pass/${u.pass_id}`,text:ae(u.pass_id,u.pass_label)}):"—"));async function g(u){u&&(j=null,T=0,x.replaceChildren()),I.disabled=!0;let v=await C("GET",`/v1/audit?${fe(o,{limit:Xs,cursor:j})}`);if(I.disabled=!1,!v.ok||!v.body||!Array.isArray(v.body.events))return _.textContent="",E(t,P(v,"console-action-read-events"));E(t,null);for(let y of v.body.events){let N=ne.byId.get(y.id);x.append(S(N||y))}T+=v.body.events.length,j=v.body.next_cursor||null,I.hidden=!j,_.textContent=s(j?"console-events-summary-more":"console-events-summary",{count:T})}I.addEventListener("click",()=>g(!1)),g(!0);let w=Object.entries(o).filter(([,u])=>u);return{root:n("section",{class:"events-view"},n("h1",{text:s("console-events")}),k,t,n("div",{class:"events-head"},n("p",{class:"active-filters"},w.length?s("console-filtered-by",{filters:gn(w.map(([u,v])=>`${u} = ${u==="gate_id"?se(v):u==="pass_id"?ae(v):v}`),{type:"unit",style:"long"})}):s("console-all-events")),n("div",{class:"export"},O,A)),_,n("div",{class:"table-wrap"},z),n("p",{},I)),onGates:m}}var ea=1e4;function bt(e){return n("span",{class:`pill ${e.online?"online":"offline"}`,text:s(e.online?"console-gate-online":"console-gate-offline")})}function vt(e,o=!1){if(e.online)return s(o?"console-gate-connected-now-sentence":"console-gate-connected-now");if(!e.last_seen)return s(o?"console-gate-never-connected-sentence":"console-gate-never-connected");let t={ago:pn(Date.now(),Date.parse(e.last_seen)),time:q(e.last_seen)};return s(o?"console-gate-last-seen-sentence":"console-gate-last-seen",t)}function so(){let e=n("ul",{class:"gate-list","aria-label":s("console-gates")}),o=n("p",{class:"muted",role:"status",text:s("console-gates-loading")}),t=()=>{let r=[...K.values()];o.textContent=s("console-gates-count",{count:r.length,online:r.filter(c=>c.online).length}),e.replaceChildren(...r.map(c=>n("li",{class:`gate-item${c.revoked_at?" revoked":""}`},n("a",{href:`#gate/${c.id}`,class:"gate-link"},n("span",{class:"gate-name",text:c.label}),bt(c),n("span",{class:"muted gate-seen",text:c.revoked_at?s("console-gate-revoked-at",{time:q(c.revoked_at)}):vt(c)})))))};return{root:n("section",{class:"gates-view"},n("div",{class:"view-head"},n("h1",{text:s("console-gates")}),J()?n("a",{class:"button secondary",href:"#admin",text:s("console-create-gate")}):null),o,e),update:t,onGates:t}}function na(e){let o="http://www.w3.org/2000/svg",t=e.window_minutes||60,a=Date.now(),r=new Array(t).fill(0);for(let m of e.scans_per_minute||[]){let f=Math.floor((a-Date.parse(m.minute))/6e4),h=t-1-f;h>=0&&h<t&&(r[h]+=m.scans)}let c=Math.max(1,...r),l=document.createElementNS(o,"svg");l.setAttribute("viewBox",`0 0 ${t*10} 100`),l.setAttribute("preserveAspectRatio","none"),l.setAttribute("class","chart"),l.setAttribute("role","img");let i=r.reduce((m,f)=>m+f,0);return l.setAttribute("aria-label",s("console-chart-label",{minutes:t,total:i,max:c===1&&i===0?0:c})),r.forEach((m,f)=>{if(!m)return;let h=document.createElementNS(o,"rect"),p=Math.max(2,m/c*96);h.setAttribute("x",String(f*10+1)),h.setAttribute("y",String(100-p)),h.setAttribute("width","8"),h.setAttribute("height",String(p)),h.setAttribute("class","bar-rect"),l.append(h)}),l}function wt(e){let o=n("div",{class:"error-slot"}),t=n("div",{class:"gate-head"}),a=n("div",{class:"gate-stats"},n("p",{class:"muted",text:s("console-gate-stats-loading")})),r=n("ol",{class:"timeline","aria-label":s("console-gate-recent-label")}),c=n("div",{class:"admin-actions"}),l=K.get(e)||null,i=()=>{if(l=K.get(e)||l,!l){t.replaceChildren(n("h1",{text:s("console-gate")}));return}t.replaceChildren(n("h1",{},n("bdi",{text:l.label})," ",bt(l)),n("p",{class:"gate-presence"},l.online?l.sockets>1?s("console-gate-connected-sockets",{count:l.sockets}):s("console-gate-connected"):s("console-gate-not-connected")," ",l.online?"":vt(l,!0)),l.revoked_at?n("p",{class:"muted",text:s("console-gate-revoked-sentence",{time:q(l.revoked_at)})}):"")},m=x=>{let z=Object.entries(x.denials_by_reason||{}).sort((T,S)=>S[1]-T[1]),I=(x.scans_per_minute||[]).reduce((T,S)=>T+S.scans,0),j=(x.scans_per_minute||[]).slice(-1)[0];a.replaceChildren(n("h2",{text:s("console-gate-window",{minutes:x.window_minutes||60})}),n("div",{class:"tiles"},we(s("console-tile-scans"),I),we(s("console-tile-per-minute"),j&&Date.now()-Date.parse(j.minute)<12e4?j.scans:0),we(s("console-tile-admissions"),x.admissions??0),we(s("console-tile-denials"),z.reduce((T,[,S])=>T+S,0)),we(s("console-tile-errors"),x.errors??0)),n("h3",{text:s("console-chart-title")}),na(x),n("p",{class:"chart-axis muted","aria-hidden":"true"},n("span",{text:s("console-chart-start",{minutes:x.window_minutes||60})}),n("span",{text:s("console-chart-now")})),n("h3",{text:s("console-denials-title")}),z.length?n("table",{class:"denials"},n("tbody",{},z.map(([T,S])=>n("tr",{},n("td",{},n("code",{dir:"ltr",text:T})),n("td",{class:"muted",text:Ne(T)}),n("td",{class:"num",text:Q(S)}))))):n("p",{class:"muted",text:s("console-denials-none")}))},f=async()=>{let x=await C("GET",`/v1/gates/${e}`);if(!G)return;if(!x.ok||!x.body)return E(o,P(x,"console-action-read-gate"));E(o,null);let{stats:z,...I}=x.body;K.set(e,{...K.get(e)||{},...I}),l=K.get(e),i(),z&&m(z),k()},h=x=>{let z=to(x,!1,!1);z.classList.add("no-gate"),z.dataset.id=String(x.id);let I=[...r.children].find(j=>Number(j.dataset.id)<x.id);for(r.insertBefore(z,I||null);r.children.length>50;)r.lastChild.remove()};for(let x of ne.newest(z=>z.gate_id===e).slice(0,50).reverse())h(x);let p=n("div",{class:"pair-box"}),b=null,k=()=>{let x=!!(J()&&l&&!l.revoked_at);if(x!==b){if(b=x,!x){c.replaceChildren();return}c.replaceChildren(n("h2",{text:s("console-gate-manage")}),n("div",{class:"actions"},n("button",{type:"button",class:"primary",onclick:()=>zn(e,p,o),text:s("console-pair-make")}),ke(s("console-gate-revoke"),s("console-gate-revoke-confirm"),()=>oa(e,o,f))),p)}};i(),k(),f();let O=setInterval(f,ea),A=null;return{root:n("section",{class:"gate-view"},n("p",{class:"crumbs"},n("a",{href:"#gates",text:s("console-back-gates")})),t,o,n("div",{class:"gate-grid"},n("div",{class:"card panel"},a),n("div",{class:"card panel"},n("h2",{text:s("console-gate-recent")}),n("p",{},n("a",{href:`#events?${fe({gate_id:e})}`,text:s("console-gate-all-events")})),r)),c),onGates:i,onEvent:x=>{x.gate_id===e&&(h(x),i(),A||(A=setTimeout(()=>(A=null,f()),1e3)))},teardown:()=>{clearInterval(O),clearTimeout(A)}}}async function oa(e,o,t){let a=await C("POST",`/v1/gates/${e}/revoke`);if(!a.ok)return E(o,P(a,"console-action-revoke-gate"));E(o,null),await Se(),await t()}var kt={invitation:"console-message-kind-invitation",approval_request:"console-message-kind-approval-mail",approval_push:"console-message-kind-approval-push"},ta=[["attention","console-messages-filter-attention"],["pending","console-messages-filter-pending"],["sent","console-messages-filter-sent"],["all","console-messages-filter-all"]];function yt(){let e=n("div",{class:"error-slot"}),o=n("p",{class:"muted",role:"status",text:s("console-messages-loading")}),t=n("select",{id:"messages-filter"},...ta.map(([i,m])=>n("option",{value:i,text:s(m)}))),a=n("tbody"),r=(i,m)=>{let f=n("input",{type:"email",value:i.kind==="invitation"?i.to:"","aria-label":s("console-message-new-address",{to:i.to}),autocomplete:"off",class:"small-input",dir:"ltr"}),h=n("button",{type:"submit",class:"secondary small",text:s("console-message-send")}),p=n("form",{class:"inline-form",novalidate:!0},f,h);p.addEventListener("submit",async b=>{b.preventDefault(),h.disabled=!0;let k=await C("POST",`/v1/passes/${encodeURIComponent(i.pass_id)}/invitation`,{email:f.value.trim()});if(h.disabled=!1,!k.ok)return E(e,P(k,"console-action-resend"));E(e,null),m.replaceChildren(n("span",{role:"status",text:s("console-message-sent-again",{to:k.body.to})}))}),m.replaceChildren(p),f.focus()},c=async()=>{let i=t.value,m=i==="pending"||i==="sent"?`?state=${i}&limit=200`:"?limit=200",f=await C("GET",`/v1/messages${m}`);if(!f.ok||!f.body||!Array.isArray(f.body.messages))return o.textContent="",E(e,P(f,"console-action-list-messages"));E(e,null);let h=f.body.messages.filter(p=>i!=="attention"||["bounced","dead","expired"].includes(p.state));o.textContent=h.length?s("console-messages-count",{count:h.length}):i==="attention"?s("console-messages-none-attention"):s("console-messages-none"),a.replaceChildren(...h.map(p=>{let b=n("td",{class:"nowrap"});return J()&&p.kind==="invitation"&&p.pass_id&&p.state!=="sent"&&b.append(n("button",{type:"button",class:"secondary small",text:s("console-message-send-again"),"aria-label":s("console-message-send-again-label",{to:p.to}),onclick:()=>r(p,b)})),n("tr",{},n("td",{},n("bdi",{text:p.to})),n("td",{text:Object.hasOwn(kt,p.kind)?s(kt[p.kind]):p.kind}),n("td",{},n("span",{class:`state msg-${p.state}`,text:s("console-message-state",{state:String(p.state)})})),n("td",{"data-label":s("console-col-pass")},p.pass_id?n("a",{href:`#pass/${p.pass_id}`,text:ae(p.pass_id)}):"—"),n("td",{class:"num","data-label":s("console-col-attempts"),text:Q(p.attempts)}),n("td",{"data-label":s("console-col-last-error"),text:p.last_error||"—"}),n("td",{class:"nowrap","data-label":s("console-col-queued"),text:q(p.created_at)}),b)}))};return t.addEventListener("change",c),c(),{root:n("section",{class:"messages-view"},n("div",{class:"view-head"},n("h1",{text:s("console-messages-title")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:c})),n("p",{class:"muted",text:s("console-messages-help")}),n("div",{class:"field"},n("label",{for:"messages-filter",text:s("console-show")}),t),e,o,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-messages")},Y(["console-col-to","console-col-what","console-col-state","console-col-pass","console-col-attempts","console-col-last-error","console-col-queued",""]),a)))}}var sa=5e3;function $t(){let e=n("div",{class:"error-slot"}),o=n("div",{class:"error-slot"}),t=n("p",{class:"muted",role:"status",text:s("console-nodes-loading")}),a=n("div",{role:"status"}),r=n("p",{class:"muted nodes-updated"}),c=n("div"),l=n("div",{class:"card nodes-empty","data-testid":"nodes-empty"},n("p",{class:"nodes-empty-title",text:s("console-nodes-none")}),n("p",{class:"muted",text:s("console-nodes-none-help")})),i=n("tbody"),m=J(),f=["console-col-node","console-col-state","console-col-site","console-col-lease-ends","console-col-last-seen",["console-col-sync-lag","num"],"console-col-shipped-through"];m&&f.push("");let h=n("div",{class:"table-wrap",hidden:!0},n("table",{class:"events nodes-table","aria-label":s("console-nodes")},Y(f),i)),p=m?n("div",{class:"nodes-admin-help",hidden:!0},n("p",{class:"muted",text:s("console-node-reclaim-help")}),n("p",{class:"muted",text:s("console-node-revoke-help")})):null,b=n("div",{class:"node-token-box"}),k=new Map,O=!1,A=!1,_=null,x=!1,z=n("details",{class:"nodes-legend",hidden:!0},n("summary",{text:s("console-node-states")}),n("dl",{class:"facts"},Je.map($=>[n("dt",{},n("span",{class:`state node-state node-state-${$}`,text:Kn($)})),n("dd",{text:Hn($)})]))),I=($,D)=>{$.textContent!==D&&($.textContent=D)},j=async($,D,H,V)=>G?($.ok?(E(o,null),H&&a.replaceChildren(n("p",{class:"notice",text:s(H,{label:V.label})}))):(a.replaceChildren(),E(o,P($,D,{label:V.label}))),await N(),R.contains(document.activeElement)||R.querySelector("h1").focus({preventScroll:!0}),$.ok):!1,T=($,D)=>`/v1/nodes/${encodeURIComponent($.id)}/${D}`,S=async $=>j(await C("DELETE",T($,"lease")),"console-action-reclaim-lease","console-node-reclaimed",$),g=async $=>(b.dataset.nodeId===$.id&&b.replaceChildren(),j(await C("POST",T($,"revoke")),"console-action-revoke-node","console-node-revoked",$)),w=async $=>j(await C("POST",T($,"resume")),"console-action-resume-node","console-node-resumed",$),d=async $=>{let D=await C("POST",T($,"rotate")),H=D.ok&&D.body&&typeof D.body.token=="string"&&D.body.token?D.body.token:null;if(!G)return;if(!H){b.replaceChildren(),await j(D.ok?{...D,ok:!1}:D,"console-action-rotate-node",null,$);return}E(o,null),a.replaceChildren(n("p",{class:"notice",text:s("console-node-rotated",{label:$.label})}));let V=n("h2",{id:"node-token-title",tabindex:"-1",text:s("console-node-token-title",{label:$.label})});b.dataset.nodeId=$.id,b.replaceChildren(n("section",{class:"card node-token","data-testid":"node-token","aria-labelledby":"node-token-title"},V,n("p",{text:s("console-node-token-help")}),Be(s("console-node-token"),H),n("div",{class:"actions"},n("button",{type:"button",class:"secondary",text:s("console-node-token-hide"),onclick:()=>{b.replaceChildren(),delete b.dataset.nodeId,R.querySelector("h1").focus({preventScroll:!0})}})))),V.focus()},u=($,D,H,V,ye)=>{$.made[D]!==V&&($.made[D]=V,H.replaceChildren(V?ye():""))},v=$=>{let D=k.get($.id);if(!D){let B=(co,jt)=>n("td",{"data-label":co?s(co):null,class:jt||null}),oe=n("span",{class:"state"}),ee={label:n("bdi",{class:"node-label"}),state:n("td",{"data-testid":"node-state"},oe),site:n("bdi"),leaseEnds:B("console-col-lease-ends","node-when"),lastSeen:B("console-col-last-seen","node-when"),lag:B("console-col-sync-lag","num"),shipped:B("console-col-shipped-through","node-when"),action:m?n("td",{class:"nowrap node-action"}):null,reclaim:n("span",{class:"node-control"}),resume:n("span",{class:"node-control"}),rotate:n("span",{class:"node-control"}),revoke:n("span",{class:"node-control"})};ee.action&&ee.action.append(n("div",{class:"node-controls"},ee.reclaim,ee.resume,ee.rotate,ee.revoke)),D={tr:n("tr",{class:"node-row","data-testid":"node-row","data-node-id":$.id},n("th",{scope:"row",class:"node-name"},ee.label),ee.state,n("td",{"data-label":s("console-col-site"),class:"node-site"},ee.site),ee.leaseEnds,ee.lastSeen,ee.lag,ee.shipped,ee.action),cells:ee,badge:oe,made:{}},k.set($.id,D)}let{tr:H,cells:V,badge:ye}=D;if(H.dataset.state=$.state,I(V.label,$.label),I(ye,$.stateText),ye.className=`state node-state node-state-${Je.includes($.state)?$.state:"unknown"}`,I(V.site,$.site),I(V.leaseEnds,$.leaseEnds),I(V.lastSeen,$.lastSeen),I(V.lag,$.lag),I(V.shipped,$.shipped),V.action){let B={label:$.label};u(D,"reclaim",V.reclaim,$.leaseId,()=>ke(s("console-node-reclaim"),s("console-node-reclaim-confirm"),()=>S($),{name:s("console-node-reclaim-label",{label:$.label}),confirmName:s("console-node-reclaim-confirm-label",{label:$.label})})),u(D,"resume",V.resume,$.blocked?"blocked":null,()=>{let oe=n("button",{type:"button",class:"primary",text:s("console-node-resume"),"aria-label":s("console-node-resume-label",B)});return oe.addEventListener("click",async()=>{oe.disabled=!0,await w($),oe.disabled=!1,oe.isConnected&&oe.focus()}),oe}),u(D,"rotate",V.rotate,$.revoked?null:"live",()=>ke(s("console-node-rotate"),s("console-node-rotate-confirm"),()=>d($),{cls:"secondary",name:s("console-node-rotate-label",B),confirmName:s("console-node-rotate-confirm-label",B)})),u(D,"revoke",V.revoke,$.revoked?null:"live",()=>ke(s("console-node-revoke"),s("console-node-revoke-confirm"),()=>g($),{name:s("console-node-revoke-label",B),confirmName:s("console-node-revoke-confirm-label",B)}))}return H},y=$=>{let D=Date.now(),H=$.map(B=>Wo(B,D));I(t,H.length?Ko($):""),I(r,s("console-nodes-updated",{time:q(new Date(D).toISOString(),D)})),H.length?c.replaceChildren():l.isConnected||c.replaceChildren(l),h.hidden=H.length===0,z.hidden=H.length===0,p&&(p.hidden=H.length===0);let V=H.map(v),ye=new Set(H.map(B=>B.id));for(let B of[...k.keys()])ye.has(B)||k.delete(B);(V.length!==i.children.length||V.some((B,oe)=>i.children[oe]!==B))&&i.replaceChildren(...V)},N=async()=>{if(!x){if(O){A=!0;return}O=!0;try{let $=await C("GET","/v1/nodes");if(!G||x)return;if(!$.ok||!$.body||!Array.isArray($.body.nodes))return k.size||I(t,""),E(e,P($,"console-action-read-nodes"));E(e,null),y($.body.nodes),Xe($.body.nodes)}finally{O=!1,A&&(A=!1,N())}}},L=()=>document.visibilityState==="visible",F=()=>L()&&N(),W=setInterval(()=>L()&&N(),sa);document.addEventListener("visibilitychange",F),N();let R=n("section",{class:"nodes-view",id:"nodes","aria-labelledby":"nodes-title"},n("div",{class:"view-head"},n("h1",{id:"nodes-title",text:s("console-nodes")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:N})),n("p",{class:"muted",text:s("console-nodes-help")}),p,e,o,a,b,t,c,h,r,z);return{root:R,onEvent:$=>{!$||typeof $.kind!="string"||!$.kind.startsWith("site_")||_||(_=setTimeout(()=>{_=null,N()},500))},teardown:()=>{x=!0,clearInterval(W),clearTimeout(_),document.removeEventListener("visibilitychange",F)}}}function ao(){let e=n("tbody"),o=n("div",{class:"error-slot"}),t=n("button",{type:"button",class:"secondary",text:s("console-load-more"),hidden:!0}),a=n("p",{class:"muted",role:"status",text:s("console-passes-loading")}),r=null,c=0,l=async()=>{t.disabled=!0;let h=await C("GET",`/v1/passes?${new URLSearchParams(r?{limit:"50",cursor:r}:{limit:"50"})}`);if(t.disabled=!1,!h.ok||!h.body||!Array.isArray(h.body.passes))return a.textContent="",E(o,P(h,"console-action-list-passes"));for(let p of h.body.passes)ue.set(p.pass_id,p.label),c++,e.append(n("tr",{},n("td",{},n("a",{href:`#pass/${p.pass_id}`,text:p.label})),n("td",{},n("span",{class:`state state-${p.state}`,text:s("console-pass-state",{state:String(p.state)})})),n("td",{class:"num",text:`${Q(p.uses)}/${Q(p.max_uses)}`}),n("td",{text:p.site||"—"}),n("td",{class:"nowrap",text:q(p.valid_until)})));r=h.body.next_cursor||null,t.hidden=!r,a.textContent=s("console-passes-count",{count:c})};t.addEventListener("click",l),l();let i=n("input",{id:"open-pass",autocomplete:"off",spellcheck:"false",placeholder:"0190…",dir:"ltr"}),m=n("form",{class:"inline-form",novalidate:!0},n("div",{class:"field"},n("label",{for:"open-pass",text:s("console-open-pass-label")}),n("div",{class:"copy-row"},i,n("button",{type:"submit",class:"secondary small",text:s("console-open")}))));return m.addEventListener("submit",h=>{h.preventDefault();let p=i.value.trim();if(!Ce(p))return E(o,s("console-open-pass-invalid"));location.hash=`#pass/${p.toLowerCase()}`}),{root:n("section",{class:"passes-view"},n("div",{class:"view-head"},n("h1",{text:s("console-passes")}),J()?n("a",{class:"button secondary",href:"#admin",text:s("console-issue-pass")}):null),m,o,a,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-passes")},Y(["console-col-pass","console-col-state","console-col-uses","console-col-site","console-col-valid-until"]),e)),n("p",{},t))}}function xt(e){let o=n("div",{class:"error-slot"}),t=n("div",{},n("h1",{text:ae(e)})),a=n("div"),r=n("div"),c=n("div",{class:"admin-actions"}),l=Tn(e,null),i=async()=>{let f=await C("GET",`/v1/passes/${e}`);if(!G)return;if(!f.ok||!f.body)return E(o,P(f,"console-action-read-pass"));E(o,null);let h=f.body;ue.set(e,h.label),t.replaceChildren(n("h1",{},n("bdi",{text:h.label})," ",n("span",{class:`state state-${h.state}`,text:s("console-pass-state",{state:String(h.state)})}))),a.replaceChildren(n("dl",{class:"facts"},n("dt",{text:s("console-pass-uses")}),n("dd",{text:s("console-pass-uses-of",{uses:h.uses,max:h.max_uses})}),n("dt",{text:s("console-pass-site")}),n("dd",{text:h.site||s("console-pass-any-gate")}),n("dt",{text:s("console-pass-valid")}),n("dd",{text:`${q(h.valid_from)} – ${q(h.valid_until)}`}),n("dt",{text:s("console-pass-issued")}),n("dd",{text:q(h.created_at)}),n("dt",{text:s("console-pass-in-wallet")}),n("dd",{text:h.claimed_at?s("console-pass-since",{time:q(h.claimed_at)}):s("console-pass-not-yet")}),n("dt",{text:s("console-pass-id")}),n("dd",{},n("code",{dir:"ltr",text:h.pass_id}))));let p=Array.isArray(h.admissions)?h.admissions:[];r.replaceChildren(n("h2",{text:s("console-admissions-heading",{count:p.length})}),p.length?n("ol",{class:"admissions"},p.map(b=>n("li",{},n("span",{class:"tl-time",text:q(b.at)})," ",s("console-admission-at")," ",n("a",{href:`#gate/${b.gate_id}`,text:se(b.gate_id)})))):n("p",{class:"muted",text:s("console-admissions-none")})),c.replaceChildren(J()&&h.state!=="revoked"?n("div",{class:"actions"},ke(s("console-pass-revoke"),s("console-pass-revoke-confirm"),async()=>{let b=await C("POST",`/v1/passes/${e}/revoke`);if(!b.ok)return E(o,P(b,"console-action-revoke-pass"));await i()})):"")};return i(),{root:n("section",{class:"pass-view"},n("p",{class:"crumbs"},n("a",{href:"#passes",text:s("console-back-passes")})),t,o,n("div",{class:"gate-grid"},n("div",{class:"card panel"},a,r,c),n("div",{class:"card panel"},n("h2",{text:s("console-pass-attempts")}),n("p",{},n("a",{href:`#events?${fe({pass_id:e})}`,text:s("console-pass-in-event-log")})),l.root))),onEvent:l.onEvent,onGates:()=>{}}}function St(e){return e.walk_in_id?{walk_in_id:e.walk_in_id}:{pass_id:e.pass_id}}function Et(e){return e.walk_in_id?`walk_in:${e.walk_in_id}`:`pass:${e.pass_id}`}var aa=5e3;function _t(){let e=n("div",{class:"error-slot"}),o=n("p",{class:"muted",role:"status",text:s("console-rc-loading")}),t=n("tbody"),a=n("select",{id:"rc-scope"},n("option",{value:"",text:s("console-rc-scope-everyone")})),r=n("button",{type:"submit",class:"danger",text:s("console-rc-start")}),c=n("form",{class:"admin-form",novalidate:!0,"aria-label":s("console-rc-start-form")},n("div",{class:"field"},n("label",{for:"rc-scope",text:s("console-rc-who")}),a,n("p",{class:"muted",text:s("console-rc-who-help")})),r),l=async()=>{let f=[...new Set([...K.values()].map(k=>k.site).filter(Boolean))].sort(),h=await C("GET","/v1/zones"),p=[n("option",{value:"",text:s("console-rc-scope-everyone")})];for(let k of f)p.push(n("option",{value:`site:${k}`,text:s("console-rc-scope-site",{site:k})}));if(h.ok&&h.body&&Array.isArray(h.body.zones))for(let k of h.body.zones)p.push(n("option",{value:`zone:${k.id}`,text:s("console-rc-scope-zone",{zone:k.name})}));let b=a.value;a.replaceChildren(...p),a.value=b},i=async()=>{let f=await C("GET","/v1/roll-calls");if(!f.ok||!f.body||!Array.isArray(f.body.roll_calls))return o.textContent="",E(e,P(f,"console-action-read-roll-calls"));let h=f.body.roll_calls;o.textContent=h.length?s("console-rc-count",{count:h.length}):s("console-rc-none"),t.replaceChildren(...h.map(p=>n("tr",{class:p.active?"rc-active":""},n("td",{"data-label":s("console-col-started"),text:s("console-rc-started-by",{time:q(p.started_at),who:p.started_by})}),n("td",{"data-label":s("console-col-who")},n("a",{href:`#rollcall/${p.id}`,text:Tt(p)})),n("td",{"data-label":s("console-col-safe"),text:s("console-rc-safe-of",{safe:p.counts.safe,inside:p.counts.inside})}),n("td",{"data-label":s("console-col-state")},n("span",{class:`state ${p.active?"rc-open":"rc-ended"}`,text:s(p.active?"console-rc-in-progress":"console-rc-ended")})))))};return c.addEventListener("submit",async f=>{f.preventDefault();let[h,p]=a.value?[a.value.slice(0,4),a.value.slice(5)]:["",""],b=h==="site"?{site:p}:h==="zone"?{zone_id:p}:{};r.disabled=!0;let k=await C("POST","/v1/roll-calls",b);if(r.disabled=!1,!k.ok||!k.body||!k.body.id)return E(e,P(k,"console-action-start-roll-call"));E(e,null),location.hash=`#rollcall/${k.body.id}`}),l(),i(),{root:n("section",{class:"rollcalls-view"},n("div",{class:"view-head"},n("h1",{text:s("console-rollcall")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:i})),n("p",{class:"muted",text:s("console-rc-help")}),c,e,o,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-rc-table")},Y(["console-col-started","console-col-who","console-col-safe","console-col-state"]),t))),onEvent:f=>f.kind&&f.kind.startsWith("roll_call_")&&i(),onGates:l}}function Tt(e){return e.site?s("console-rc-scope-site",{site:e.site}):e.zone_id?s("console-rc-scope-zone",{zone:String(e.scope||"").replace(/^Zone /,"")}):s("console-rc-scope-all")}var At=[["all","console-rc-filter-all"],["unaccounted","console-rc-unaccounted"],["safe","console-rc-safe"]];function zt(e,o){let t=n("div",{class:"error-slot"}),a=n("h1",{text:s("console-rollcall")}),r=n("p",{class:"rc-meta"}),c=n("div",{class:"tiles rc-counts",id:"rc-counts",role:"status","aria-live":"polite"}),l=n("tbody"),i=n("select",{id:"rc-filter"},...At.map(([T,S])=>n("option",{value:T,text:s(S)})));i.value=At.some(([T])=>T===o.get("show"))?o.get("show"):"all";let m=n("div",{class:"rc-actions"}),f=n("p",{class:"print-only rc-printed"}),h=null,p=!1,b=!1,k=n("button",{type:"button",class:"secondary",text:s("console-rc-download-csv"),onclick:async()=>{try{let T=await fetch(`/v1/roll-calls/${encodeURIComponent(e)}/csv`,{credentials:"same-origin",cache:"no-store",referrerPolicy:"no-referrer"});if(!T.ok)return E(t,s("console-rc-export-failed",{status:String(T.status)}));let S=URL.createObjectURL(await T.blob()),g=n("a",{href:S,download:`roll-call-${e}.csv`});document.body.append(g),g.click(),g.remove(),setTimeout(()=>URL.revokeObjectURL(S),1e4)}catch{E(t,s("console-rc-export-network"))}}}),O=n("button",{type:"button",class:"secondary",text:s("console-rc-print"),onclick:()=>window.print()}),A=async(T,S)=>{S.disabled=!0;let g=await C("POST",`/v1/roll-calls/${encodeURIComponent(e)}/marks`,{mark_id:crypto.randomUUID(),...St(T)});if(!g.ok)return S.disabled=!1,E(t,P(g,"console-action-mark-safe",{name:T.label}));E(t,null),z()},_=ke(s("console-rc-end"),s("console-rc-end-confirm"),async()=>{let T=await C("POST",`/v1/roll-calls/${encodeURIComponent(e)}/end`);if(!T.ok&&T.status!==409)return E(t,P(T,"console-action-end-roll-call"));E(t,null),await z()}),x=()=>{let T=h;if(!T)return;a.textContent=s("console-rc-title",{scope:Tt(T)});let S={time:q(T.started_at),who:T.started_by};r.textContent=T.active?s("console-rc-meta-active",S):s("console-rc-meta-ended",{...S,endTime:q(T.ended_at),endWho:T.ended_by||""}),c.replaceChildren(we(s("console-rc-inside"),T.counts.inside),we(s("console-rc-safe"),T.counts.safe),we(s("console-rc-unaccounted"),T.counts.unaccounted)),f.textContent=s("console-rc-printed",{time:ce(Date.now()),unaccounted:T.counts.unaccounted,inside:T.counts.inside}),m.contains(O)||m.replaceChildren(O,k),T.active&&!m.contains(_)&&m.append(_),T.active||_.remove();let g=i.value,d=[...T.people].sort((u,v)=>Number(u.safe)-Number(v.safe)||u.label.localeCompare(v.label,le())).filter(u=>g==="all"||g==="safe"===u.safe);l.replaceChildren(...d.map(u=>{let v=T.active&&!u.safe?n("button",{type:"button",class:"secondary small",text:s("console-rc-mark-safe"),"aria-label":s("console-rc-mark-safe-label",{name:u.label})}):null;v&&v.addEventListener("click",()=>A(u,v));let y=n("tr",{class:u.safe?"rc-safe":"rc-missing"},n("td",{"data-label":s("console-col-name")},n("bdi",{text:u.label}),u.walk_in_id?n("span",{class:"muted",text:` ${s("console-rc-walk-in")}`}):null),n("td",{"data-label":s("console-col-status")},n("span",{class:`state ${u.safe?"rc-safe-state":"rc-missing-state"}`,text:s(u.safe?"console-rc-safe":"console-rc-unaccounted")})),n("td",{"data-label":s("console-col-last-seen"),text:u.last_seen}),n("td",{"data-label":s("console-col-marked-by"),text:u.safe?s(u.how==="manual"?"console-rc-marked-by-hand":"console-rc-marked-by-scan",{who:u.marked_by||""}):""}),n("td",{"data-label":s("console-col-where"),text:u.marked_where||""}),n("td",{"data-label":s("console-col-when"),class:"nowrap",text:u.marked_at?q(u.marked_at):""}),n("td",{class:"nowrap no-print"},v));return y.dataset.person=Et(u),u.pass_id&&(y.dataset.passId=u.pass_id),y.dataset.state=u.safe?"safe":"unaccounted",y}),...d.length?[]:[n("tr",{},n("td",{colspan:"7",class:"muted",text:s(T.people.length?"console-rc-nobody-here":"console-rc-nobody-inside")}))])},z=async()=>{if(p){b=!0;return}p=!0;try{let T=await C("GET",`/v1/roll-calls/${encodeURIComponent(e)}`);if(T.status===404)return E(t,s("console-rc-not-found"));if(!T.ok||!T.body||!Array.isArray(T.body.people))return E(t,P(T,"console-action-read-roll-call"));h=T.body,x()}finally{p=!1,b&&(b=!1,z())}};i.addEventListener("change",()=>{history.replaceState(null,"",`#rollcall/${e}${i.value==="all"?"":`?show=${i.value}`}`),x()});let I=setInterval(()=>h&&h.active&&z(),aa);return z(),{root:n("section",{class:"rollcall-view"},n("p",{class:"no-print"},n("a",{href:"#rollcall",text:s("console-back-rollcalls")})),n("div",{class:"view-head"},a,m),r,f,c,t,n("div",{class:"field inline-field no-print"},n("label",{for:"rc-filter",text:s("console-show")}),i),n("div",{class:"table-wrap"},n("table",{class:"events rc-table","aria-label":s("console-rc-people")},Y(["console-col-name","console-col-status","console-col-last-seen","console-col-marked-by","console-col-where","console-col-when",["","no-print"]]),l))),onEvent:T=>{T.details&&T.details.roll_call_id===e&&z()},reroute:T=>T.name==="rollcall"&&T.id===e,teardown:()=>clearInterval(I)}}function Nt(){let e=n("div",{class:"error-slot"}),o=n("div",{role:"status"}),t=(g,w,d,u)=>n("div",{class:"field"},n("label",{for:g,text:w}),d,u?n("p",{class:"muted",id:`${g}-help`,text:u}):null),a=(g,w={})=>n("input",{id:g,autocomplete:"off",autocapitalize:"none",spellcheck:"false",...w}),r=a("sso-issuer",{type:"url",required:!0,placeholder:"https://login.example.com/realms/staff",dir:"ltr"}),c=a("sso-client-id",{required:!0,dir:"ltr"}),l=a("sso-client-secret",{type:"password",dir:"ltr"}),i=a("sso-domains",{placeholder:"example.com",dir:"ltr"}),m=a("sso-role-claim",{value:"groups",dir:"ltr"}),f=[["admin","console-sso-role-admins"],["security","console-sso-role-security"],["auditor","console-sso-role-auditors"],["issuer","console-sso-role-issuers"],["host","console-sso-role-hosts"]],h=new Map(f.map(([g])=>[g,a(`sso-map-${g}`,{dir:"ltr"})])),p=n("input",{id:"sso-key-sign-in",type:"checkbox",checked:!0}),b=n("p",{class:"muted",id:"sso-client-secret-help",text:s("console-sso-secret-help")}),k=g=>g.split(",").map(w=>w.trim()).filter(Boolean),O=n("dl",{class:"sso-uris"}),A=g=>{O.replaceChildren(...[["console-sso-redirect-uri",g.redirect_uri],["console-sso-logout-uri",g.back_channel_logout_uri],["console-sso-post-logout-uri",g.post_logout_redirect_uri],["console-sso-sign-in-link",g.sign_in_url]].flatMap(([w,d])=>[n("dt",{text:s(w)}),n("dd",{},n("code",{dir:"ltr",text:d}))]))},_=g=>{r.value=g.issuer,c.value=g.client_id,i.value=(g.allowed_domains||[]).join(", "),m.value=g.role_claim;for(let[w,d]of h)d.value=(g.role_map||[]).filter(u=>u.role===w).map(u=>u.value).join(", ");p.checked=!!g.key_sign_in,b.textContent=s("console-sso-secret-stored"),A(g)},x=n("form",{class:"admin-form",novalidate:!0,"aria-label":s("console-sso-form")},t("sso-issuer",s("console-sso-issuer"),r,s("console-sso-issuer-help")),n("div",{class:"two"},t("sso-client-id",s("console-sso-client-id"),c),n("div",{class:"field"},n("label",{for:"sso-client-secret",text:s("console-sso-client-secret")}),l,b)),t("sso-domains",s("console-sso-domains"),i,s("console-sso-domains-help")),t("sso-role-claim",s("console-sso-role-claim"),m,s("console-sso-role-claim-help")),n("fieldset",{class:"sso-map"},n("legend",{text:s("console-sso-role-map")}),...f.map(([g,w])=>t(`sso-map-${g}`,s(w),h.get(g)))),n("div",{class:"field check"},p,n("label",{for:"sso-key-sign-in",text:s("console-sso-key-sign-in")})),e,n("p",{class:"actions"},n("button",{type:"submit",class:"primary",id:"sso-save",text:s("console-sso-save")})),o);x.addEventListener("submit",async g=>{g.preventDefault();let w={issuer:r.value.trim(),client_id:c.value.trim(),allowed_domains:k(i.value),role_claim:m.value.trim()||"groups",role_map:[...h].flatMap(([u,v])=>k(v.value).map(y=>({value:y,role:u}))),key_sign_in:p.checked};if(l.value&&(w.client_secret=l.value),!w.issuer||!w.client_id)return E(e,s("console-sso-issuer-missing"));if(!w.role_map.length)return E(e,s("console-sso-role-map-missing"));o.textContent="";let d=await C("PUT","/v1/sso",w);if(!d.ok||!d.body)return E(e,P(d,"console-action-save-sso"));E(e,null),l.value="",_(d.body),o.replaceChildren(n("p",{class:"notice",text:s("console-sso-saved")}))});let z=n("div",{class:"error-slot"}),I=n("p",{class:"muted",role:"status",text:s("console-sessions-loading")}),j=n("tbody"),T=async()=>{let g=await C("GET","/v1/console/sessions");if(!g.ok||!g.body||!Array.isArray(g.body.sessions))return I.textContent="",E(z,P(g,"console-action-list-sessions"));let w=g.body.sessions;I.textContent=s("console-sessions-count",{count:w.length}),j.replaceChildren(...w.map(d=>{let u=d.person_name||d.label,v=n("td",{class:"nowrap"});return v.append(n("button",{type:"button",class:"secondary small",text:s("console-session-end"),"aria-label":s("console-session-end-label",{who:u}),onclick:async()=>{let y=await C("DELETE",`/v1/console/sessions/${encodeURIComponent(d.id)}`);if(!y.ok)return E(z,P(y,"console-action-end-session"));E(z,null),T()}})),n("tr",{},n("td",{},n("bdi",{text:u})),n("td",d.person_email?{dir:"ltr",text:d.person_email}:{text:d.person_name?"—":s("console-session-api-key")}),n("td",{text:s("console-role",{role:String(d.role)})}),n("td",{class:"nowrap",text:q(d.created_at)}),n("td",{class:"nowrap",text:q(d.expires_at)}),v)}))};return(async()=>{let g=await C("GET","/v1/sso");g.ok&&g.body?_(g.body):g.status!==404&&E(e,P(g,"console-action-read-sso"))})(),T(),{root:n("section",{class:"signin-view"},n("div",{class:"view-head"},n("h1",{text:s("console-signin-view")})),n("h2",{text:s("console-sso")}),n("p",{class:"muted",text:s("console-sso-help")}),x,O,n("div",{class:"view-head"},n("h2",{text:s("console-sessions")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:T})),z,I,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-sessions")},Y(["console-col-who","console-col-email","console-col-role","console-col-since","console-col-ends",""]),j)))}}var ra=[["flag","console-watch-mode-flag-help"],["block","console-watch-mode-block-help"]];function ia(e){return[e.name,e.email,e.external_ref].filter(Boolean).join(" · ")}function la(e){if(!e.expires_at)return s("console-watch-never");let o=ce(e.expires_at,{dateStyle:"medium"})||e.expires_at.slice(0,10);return e.active?o:s("console-watch-expired",{date:o})}function Ct(){let e=n("div",{class:"error-slot"}),o=n("p",{class:"muted",role:"status",text:s("console-watch-loading")}),t=n("tbody"),a=(A,_,x,z)=>n("div",{class:"field"},n("label",{for:A,text:_}),x,z?n("p",{class:"muted",id:`${A}-help`,text:z}):null),r=(A,_={})=>n("input",{id:A,autocomplete:"off",..._}),c=r("w-name"),l=r("w-email",{type:"email",spellcheck:"false",autocapitalize:"none","aria-describedby":"w-email-help",dir:"ltr"}),i=r("w-ref",{spellcheck:"false",autocapitalize:"none"}),m=r("w-reason",{required:!0,maxlength:"1000"}),f=n("select",{id:"w-mode"},...ra.map(([A,_])=>n("option",{value:A,text:s(_)}))),h=r("w-expires",{type:"date","aria-describedby":"w-expires-help"}),p=n("button",{type:"submit",text:s("console-watch-add")}),b=n("form",{class:"admin-form",novalidate:!0,"aria-label":s("console-watch-form")},n("div",{class:"two"},a("w-name",s("console-watch-name"),c),a("w-email",s("console-watch-email"),l,s("console-watch-email-help"))),n("div",{class:"two"},a("w-ref",s("console-watch-reference"),i),a("w-expires",s("console-watch-expires"),h,s("console-watch-expires-help"))),a("w-reason",s("console-watch-reason"),m),a("w-mode",s("console-watch-mode"),f),p),k=async()=>{let A=await C("GET","/v1/watchlist");if(!A.ok||!A.body||!Array.isArray(A.body.entries))return o.textContent="",E(e,P(A,"console-action-read-watchlist"));let _=A.body.entries;o.textContent=_.length?s("console-watch-count",{count:_.length}):s("console-watch-none"),t.replaceChildren(..._.map(x=>{let z=ia(x),I=n("button",{type:"button",class:"secondary small",text:s("console-watch-remove"),"aria-label":s("console-watch-remove-label",{who:z}),onclick:async()=>{I.disabled=!0;let j=await C("DELETE",`/v1/watchlist/${encodeURIComponent(x.id)}`);if(!j.ok&&j.status!==404)return I.disabled=!1,E(e,P(j,"console-action-remove-entry"));E(e,null),k()}});return n("tr",{class:x.active?"":"muted"},n("td",{"data-label":s("console-col-person")},n("bdi",{text:z})),n("td",{"data-label":s("console-col-mode")},n("span",{class:`state watch-${x.mode}`,text:s(x.mode==="block"?"console-watch-mode-block":"console-watch-mode-flag")})),n("td",{"data-label":s("console-col-reason"),text:x.reason}),n("td",{"data-label":s("console-col-added-by"),text:s("console-watch-added",{who:x.added_by,time:q(x.created_at)})}),n("td",{"data-label":s("console-col-expires"),text:la(x)}),n("td",{class:"nowrap"},I))}))};return b.addEventListener("submit",async A=>{A.preventDefault();let _={reason:m.value.trim(),mode:f.value};if(c.value.trim()&&(_.name=c.value.trim()),l.value.trim()&&(_.email=l.value.trim()),i.value.trim()&&(_.external_ref=i.value.trim()),h.value&&(_.expires_at=new Date(`${h.value}T23:59:59`).toISOString()),!_.name&&!_.email&&!_.external_ref)return E(e,s("console-watch-who-missing"));if(!_.reason)return E(e,s("console-watch-reason-missing"));p.disabled=!0;let x=await C("POST","/v1/watchlist",_);if(p.disabled=!1,!x.ok)return E(e,P(x,"console-action-add-watchlist"));E(e,null),b.reset(),k()}),k(),{root:n("section",{class:"watchlist-view"},n("div",{class:"view-head"},n("h1",{text:s("console-watchlist")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:k})),n("p",{class:"muted",text:s("console-watch-help")}),b,e,o,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-watchlist")},Y(["console-col-person","console-col-mode","console-col-reason","console-col-added-by","console-col-expires",""]),t)))}}function Rt(){let e=n("div",{class:"error-slot"}),o=n("ul",{class:"webhook-list","aria-label":s("console-webhooks")}),t=n("p",{class:"muted",role:"status",text:s("console-webhooks-loading")}),a=n("tbody"),r=n("p",{class:"muted",role:"status",text:s("console-dead-letters-loading")}),c=new Set,l=async(f,h)=>{let p=await C("POST",`/v1/webhooks/dead-letters/${encodeURIComponent(f.delivery_id)}/replay`);if(!p.ok)return E(e,P(p,"console-action-replay"));E(e,null),h.replaceChildren(n("span",{role:"status",text:c.has(f.webhook_id)?s("console-replayed-disabled"):s("console-replayed")}))},i=async()=>{let[f,h]=await Promise.all([C("GET","/v1/webhooks"),C("GET","/v1/webhooks/dead-letters")]);if(!f.ok||!f.body||!Array.isArray(f.body.webhooks))t.textContent="",E(e,P(f,"console-action-list-webhooks"));else{let b=f.body.webhooks;c=new Set(b.filter(k=>k.disabled_at).map(k=>k.webhook_id)),t.textContent=s("console-webhooks-count",{count:b.length,disabled:c.size}),o.replaceChildren(...b.map(k=>n("li",{class:`webhook-item${k.disabled_at?" disabled":""}`},n("span",{class:"webhook-url",dir:"ltr",text:k.url}),n("span",{class:"muted",dir:"ltr",text:(k.events||[]).join(", ")}),k.disabled_at?n("span",{class:"state state-revoked",text:k.disabled_reason?s("console-webhook-disabled-because",{time:q(k.disabled_at),reason:k.disabled_reason}):s("console-webhook-disabled",{time:q(k.disabled_at)})}):n("span",{class:"state state-claimed",text:s("console-webhook-enabled")}))))}if(!h.ok||!h.body||!Array.isArray(h.body.dead_letters))return r.textContent="",E(e,P(h,"console-action-list-dead-letters"));let p=h.body.dead_letters;r.textContent=p.length?s("console-dead-letters-count",{count:p.length}):s("console-dead-letters-none"),a.replaceChildren(...p.map(b=>{let k=n("td",{class:"nowrap"});return J()&&k.append(n("button",{type:"button",class:"secondary small",text:s("console-replay"),"aria-label":s("console-replay-label",{event:String(b.event_id)}),onclick:()=>l(b,k)})),n("tr",{},n("td",{class:"nowrap",dir:"ltr",text:b.event_id}),n("td",{dir:"ltr",text:b.event_type}),n("td",{},b.pass_id?n("a",{href:`#pass/${b.pass_id}`,text:ae(b.pass_id)}):"—"),n("td",{class:"num",text:Q(b.attempts)}),n("td",{text:b.last_error||"—"}),n("td",{class:"nowrap",text:q(b.queued_at)}),k)}))};return i(),{root:n("section",{class:"webhooks-view"},n("div",{class:"view-head"},n("h1",{text:s("console-webhooks")}),n("button",{type:"button",class:"secondary",text:s("console-refresh"),onclick:i})),e,t,o,n("h2",{text:s("console-dead-letters")}),n("p",{class:"muted",text:s("console-dead-letters-help")}),r,n("div",{class:"table-wrap"},n("table",{class:"events","aria-label":s("console-dead-letters")},Y(["console-col-event","console-col-type","console-col-pass","console-col-attempts","console-col-last-error","console-col-queued",""]),a)))}}var ca=3e4,Nn=document.getElementById("main"),tn=null,sn=null,Cn=[];st(()=>Rn(s("console-session-ended")));async function Pt(){Nn.replaceChildren(n("p",{class:"loading",text:s("console-opening")})),xn("console");let e=await C("GET","/v1/console/session");if(e.ok&&e.body&&e.body.csrf_token&&e.body.role!=="host")return Oe(e.body),Ot();if(e.ok&&e.body&&e.body.role==="host")return io(s("console-host-session"));if(e.network||e.status>=500){let o=n("div");E(o,e.network?s("console-start-network"):s("console-start-not-ready",{status:String(e.status)})),$n(Nn,n("section",{class:"card signin"},n("h1",{text:s("console-title")}),o,n("p",{},n("button",{type:"button",class:"primary",onclick:Pt},s("console-try-again")))));return}io()}function da(e){Co(e.time_zone),!Zn("console")&&e.default_language&&Qn("console",{orgDefault:e.default_language})}function io(e){let o=n("input",{id:"api-key",type:"password",autocomplete:"off",autocapitalize:"none",spellcheck:"false",required:!0,"aria-describedby":"api-key-help"}),t=n("button",{type:"submit",class:"primary",text:s("console-signin-button")}),a=n("div",{class:"error-slot"}),r=n("form",{class:"signin-form",novalidate:!0},n("div",{class:"field"},n("label",{for:"api-key",text:s("console-signin-key")}),o,n("p",{id:"api-key-help",class:"muted",text:s("console-signin-key-help")})),a,n("p",{class:"actions"},t));r.addEventListener("submit",async c=>{c.preventDefault();let l=o.value.trim();if(o.value="",!l){E(a,s("console-signin-key-missing")),o.focus();return}t.disabled=!0,E(a,null);let i=await C("POST","/v1/console/session",{api_key:l});if(t.disabled=!1,i.ok&&i.body&&i.body.csrf_token&&i.body.role!=="host"){Oe(i.body),Ot();return}if(i.ok&&i.body&&i.body.role==="host"){Oe(i.body),await C("DELETE","/v1/console/session"),Oe(null),E(a,s("console-signin-host-key")),o.focus();return}let m;i.network?m=s("console-signin-network"):i.status===401?m=s("console-signin-not-accepted"):i.status===403?m=s("console-signin-forbidden"):i.status===429?m=s("console-signin-rate-limited"):m=s("console-signin-refused",{code:String(i.code||i.status)}),E(a,m),o.focus()}),$n(Nn,n("section",{class:"card signin"},n("h1",{text:s("console-title")}),n("p",{class:"muted",text:s("console-signin-intro")}),e?n("p",{role:"status",class:"notice",text:e}):null,r,Zo("console"))),xn("console"),o.focus()}function qt(){tn&&tn.stop(),sn&&sn.stop(),tn=null,sn=null,M&&M.teardown&&M.teardown(),En(null);for(let e of Cn)clearInterval(e);Cn=[],window.removeEventListener("hashchange",lo),eo(null),at()}function Rn(e){Oe(null),qt(),io(e)}async function ua(){let e=await C("DELETE","/v1/console/session");if(!Qo(e)){if(e.ok||e.status===401)return Rn(s("console-signed-out"));G&&E(G.errors,P(e,"console-action-sign-out"))}}var ma=[["alarms","console-tab-alarms"],["events","console-tab-events"],["gates","console-tab-gates"],["nodes","console-tab-nodes"],["passes","console-tab-passes"],["webhooks","console-tab-webhooks"],["messages","console-tab-messages"],["watchlist","console-tab-watchlist"],["rollcall","console-tab-rollcall"],["admin","console-tab-admin"],["signin","console-tab-signin"]],Lt=e=>s(e==="live"?"console-feed-live":e==="connecting"?"console-feed-connecting":"console-feed-reconnecting");function Ot(){qt(),da(Z);let e=n("span",{class:"pill feed-state connecting",id:"feed-state",text:Lt("connecting")}),o=n("span",{class:"tab-count",text:Q(0)}),t=new Map,a=n("nav",{class:"tabs","aria-label":s("console-views")});for(let[h,p]of ma){if((h==="admin"||h==="signin")&&!J()||(h==="watchlist"||h==="rollcall")&&!Sn())continue;let b=n("a",{href:`#${h}`,class:"tab"},s(p),h==="alarms"?o:null);t.set(h,b),a.append(b)}let r=n("div",{class:"error-slot shell-errors"}),c=n("div",{class:"view",id:"view"}),l=n("div",{class:"console-app"},n("header",{class:"bar console-bar"},n("div",{class:"brand"},n("span",{class:"brand-name",text:"Tessera"}),n("span",{class:"brand-sub",text:s("console-brand-sub")})),n("div",{class:"bar-right"},e,Z.person?n("bdi",{class:"who",id:"signed-in-person",text:Z.person.name}):null,n("span",{class:"role",text:s("console-role",{role:String(Z.role)})}),n("button",{type:"button",class:"bar-button",onclick:ua},s("console-sign-out")))),a,Xo({cls:"zone-note muted"}),r,c);Nn.replaceChildren(l),xn("console"),eo({feedPill:e,alarmCount:o,tabs:t,errors:r,body:c}),J()&&it(),Xe();let i=async()=>{let h=await C("GET","/v1/console/session");return h.status===401?"signed-out":h.ok?"signed-in":"unknown"},m=()=>Rn(s("console-session-ended"));tn=new Ge({EventSourceImpl:window.EventSource,onEvent:It,onState:h=>{G&&(G.feedPill.className=`pill feed-state ${h}`,G.feedPill.textContent=Lt(h))},checkSession:i,onSignedOut:m,backlog:500}),sn=new Ge({EventSourceImpl:window.EventSource,onEvent:It,checkSession:i,onSignedOut:m,filter:"severity=high",backlog:1e3}),tn.start(),sn.start(),rt(),Se(),Cn.push(setInterval(Se,ca));let f=Date.parse(Z.expires_at);if(Number.isFinite(f)){let h=f-Date.now();h<2**31-1&&Cn.push(setTimeout(()=>Rn(s("console-session-expired")),Math.max(0,h)))}window.addEventListener("hashchange",lo),lo()}var ro=null;function It(e){if(!ne.add(e)){e&&(e.pass_label||e.gate_label)&&ve();return}if(e.pass_id&&e.pass_label&&ue.set(e.pass_id,e.pass_label),e.gate_id&&e.gate_label&&K.has(e.gate_id)){let t=K.get(e.gate_id);t.label!==e.gate_label&&K.set(e.gate_id,{...t,label:e.gate_label})}if(e.kind==="gate_connected"||e.kind==="gate_disconnected"){let t=K.get(e.gate_id);t&&K.set(e.gate_id,Go(t,e)),Dt()}else(e.kind==="gate_created"||e.kind==="gate_revoked"||e.kind==="gate_paired")&&Dt();let o=de(e)||typeof e.kind=="string"&&e.kind.startsWith("site_")&&e.details&&e.details.node_id;if(o&&!be.has(String(o))&&lt(),e.kind==="alarm_acknowledged"||e.kind==="alarm_assigned"||e.kind==="alarm_resolved"){let t=e.details&&Number(e.details.alarm_id);Number.isFinite(t)&&An(t)}M&&M.onEvent&&M.onEvent(e),ve()}function Dt(){ro||(ro=setTimeout(()=>{ro=null,Se()},1500))}function ga(){let e=location.hash.replace(/^#/,""),[o,t=""]=e.split("?"),[a="alarms",r=null]=o.split("/");return{name:a||"alarms",id:r,query:new URLSearchParams(t)}}function lo(){if(!G)return;let e=ga(),{name:o,id:t,query:a}=e;if(M&&M.reroute&&M.reroute(e))return;M&&M.teardown&&M.teardown(),En(null),E(G.errors,null);let r={alarms:"alarms",events:"events",gates:"gates",gate:"gates",nodes:"nodes",passes:"passes",pass:"passes",webhooks:"webhooks",messages:"messages",watchlist:"watchlist",rollcall:"rollcall",admin:"admin",signin:"signin"}[o]||"alarms";for(let[l,i]of G.tabs)l===r?i.setAttribute("aria-current","page"):i.removeAttribute("aria-current");let c={alarms:()=>Le(t?Number(t):null,a),events:()=>ft(a),gates:()=>so(),gate:()=>Ce(t)?wt(t):so(),nodes:()=>$t(),passes:()=>ao(),pass:()=>Ce(t)?xt(t):ao(),webhooks:()=>Rt(),messages:()=>yt(),watchlist:()=>Sn()?Ct():Le(null),rollcall:()=>Sn()?Ce(t)?zt(t,a):_t():Le(null),admin:()=>J()?gt():Le(null),signin:()=>J()?Nt():Le(null)}[o]||(()=>Le(null));En(c()),window.scrollTo(0,0),$n(G.body,M.root),M.update&&M.update()}Qn("console",{});Pt();
