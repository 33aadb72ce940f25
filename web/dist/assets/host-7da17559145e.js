var V=class{constructor(e){this.value=e}valueOf(){return this.value}},C=class extends V{constructor(e="???"){super(e)}toString(e){return`{${this.value}}`}},R=class extends V{constructor(e,n={}){super(e),this.opts=n}toString(e){if(e)try{return e.memoizeIntlObject(Intl.NumberFormat,this.opts).format(this.value)}catch(n){e.reportError(n)}return this.value.toString(10)}},G=class t extends V{static supportsValue(e){if(typeof e=="number"||e instanceof Date)return!0;if(e instanceof V)return t.supportsValue(e.valueOf());if("Temporal"in globalThis){let n=globalThis.Temporal;if(e instanceof n.Instant||e instanceof n.PlainDateTime||e instanceof n.PlainDate||e instanceof n.PlainMonthDay||e instanceof n.PlainTime||e instanceof n.PlainYearMonth)return!0}return!1}constructor(e,n={}){e instanceof t?(n={...e.opts,...n},e=e.value):e instanceof V&&(e=e.valueOf()),typeof e=="object"&&"calendarId"in e&&n.calendar===void 0&&(n={...n,calendar:e.calendarId}),super(e),this.opts=n}[Symbol.toPrimitive](e){return e==="string"?this.toString():this.toNumber()}toNumber(){let e=this.value;if(typeof e=="number")return e;if(e instanceof Date)return e.getTime();if("epochMilliseconds"in e)return e.epochMilliseconds;if("toZonedDateTime"in e)return e.toZonedDateTime("UTC").epochMilliseconds;throw new TypeError("Unwrapping a non-number value as a number")}toString(e){if(e)try{return e.memoizeIntlObject(Intl.DateTimeFormat,this.opts).format(this.value)}catch(n){e.reportError(n)}return typeof this.value=="number"||this.value instanceof Date?new Date(this.value).toISOString():this.value.toString()}};var it=100,nn="⁨",sn="⁩";function on(t,e,n){if(n===e||n instanceof R&&e instanceof R&&n.value===e.value)return!0;if(e instanceof R&&typeof n=="string"){let i=t.memoizeIntlObject(Intl.PluralRules,e.opts).select(e.value);if(n===i)return!0}return!1}function st(t,e,n){return e[n]?se(t,e[n].value):(t.reportError(new RangeError("No default")),new C)}function Me(t,e){let n=[],i=Object.create(null);for(let s of e)s.type==="narg"?i[s.name]=ue(t,s.value):n.push(ue(t,s));return{positional:n,named:i}}function ue(t,e){switch(e.type){case"str":return e.value;case"num":return new R(e.value,{minimumFractionDigits:e.precision});case"var":return rn(t,e);case"mesg":return an(t,e);case"term":return ln(t,e);case"func":return un(t,e);case"select":return cn(t,e);default:return new C}}function rn(t,{name:e}){let n;if(t.params)if(Object.prototype.hasOwnProperty.call(t.params,e))n=t.params[e];else return new C(`$${e}`);else if(t.args&&Object.prototype.hasOwnProperty.call(t.args,e))n=t.args[e];else return t.reportError(new ReferenceError(`Unknown variable: $${e}`)),new C(`$${e}`);if(n instanceof V)return n;switch(typeof n){case"string":return n;case"number":return new R(n);case"object":if(G.supportsValue(n))return new G(n);default:return t.reportError(new TypeError(`Variable type not supported: $${e}, ${typeof n}`)),new C(`$${e}`)}}function an(t,{name:e,attr:n}){let i=t.bundle._messages.get(e);if(!i)return t.reportError(new ReferenceError(`Unknown message: ${e}`)),new C(e);if(n){let s=i.attributes[n];return s?se(t,s):(t.reportError(new ReferenceError(`Unknown attribute: ${n}`)),new C(`${e}.${n}`))}return i.value?se(t,i.value):(t.reportError(new ReferenceError(`No value: ${e}`)),new C(e))}function ln(t,{name:e,attr:n,args:i}){let s=`-${e}`,a=t.bundle._terms.get(s);if(!a)return t.reportError(new ReferenceError(`Unknown term: ${s}`)),new C(s);if(n){let o=a.attributes[n];if(o){t.params=Me(t,i).named;let u=se(t,o);return t.params=null,u}return t.reportError(new ReferenceError(`Unknown attribute: ${n}`)),new C(`${s}.${n}`)}t.params=Me(t,i).named;let r=se(t,a.value);return t.params=null,r}function un(t,{name:e,args:n}){let i=t.bundle._functions[e];if(!i)return t.reportError(new ReferenceError(`Unknown function: ${e}()`)),new C(`${e}()`);if(typeof i!="function")return t.reportError(new TypeError(`Function ${e}() is not callable`)),new C(`${e}()`);try{let s=Me(t,n);return i(s.positional,s.named)}catch(s){return t.reportError(s),new C(`${e}()`)}}function cn(t,{selector:e,variants:n,star:i}){let s=ue(t,e);if(s instanceof C)return st(t,n,i);for(let a of n){let r=ue(t,a.key);if(on(t,s,r))return se(t,a.value)}return st(t,n,i)}function ze(t,e){if(t.dirty.has(e))return t.reportError(new RangeError("Cyclic reference")),new C;t.dirty.add(e);let n=[],i=t.bundle._useIsolating&&e.length>1;for(let s of e){if(typeof s=="string"){n.push(t.bundle._transform(s));continue}if(t.placeables++,t.placeables>it)throw t.dirty.delete(e),new RangeError(`Too many placeables expanded: ${t.placeables}, max allowed is ${it}`);i&&n.push(nn),n.push(ue(t,s).toString(t)),i&&n.push(sn)}return t.dirty.delete(e),n.join("")}function se(t,e){return typeof e=="string"?t.bundle._transform(e):ze(t,e)}var be=class{constructor(e,n,i){this.dirty=new WeakSet,this.params=null,this.placeables=0,this.bundle=e,this.errors=n,this.args=i}reportError(e){if(!this.errors||!(e instanceof Error))throw e;this.errors.push(e)}memoizeIntlObject(e,n){let i=this.bundle._intls.get(e);i||(i={},this.bundle._intls.set(e,i));let s=JSON.stringify(n);return i[s]||(i[s]=new e(this.bundle.locales,n)),i[s]}};function Pe(t,e){let n=Object.create(null);for(let[i,s]of Object.entries(t))e.includes(i)&&(n[i]=s.valueOf());return n}var ot=["unitDisplay","currencyDisplay","useGrouping","minimumIntegerDigits","minimumFractionDigits","maximumFractionDigits","minimumSignificantDigits","maximumSignificantDigits"];function rt(t,e){let n=t[0];if(n instanceof C)return new C(`NUMBER(${n.valueOf()})`);if(n instanceof R)return new R(n.valueOf(),{...n.opts,...Pe(e,ot)});if(n instanceof G)return new R(n.toNumber(),{...Pe(e,ot)});throw new TypeError("Invalid argument to NUMBER")}var dn=["dateStyle","timeStyle","fractionalSecondDigits","dayPeriod","hour12","weekday","era","year","month","day","hour","minute","second","timeZoneName"];function at(t,e){let n=t[0];if(n instanceof C)return new C(`DATETIME(${n.valueOf()})`);if(n instanceof G||n instanceof R)return new G(n,Pe(e,dn));throw new TypeError("Invalid argument to DATETIME")}var lt=new Map;function ut(t){let e=Array.isArray(t)?t.join(" "):t,n=lt.get(e);return n===void 0&&(n=new Map,lt.set(e,n)),n}var ce=class{constructor(e,{functions:n,useIsolating:i=!0,transform:s=a=>a}={}){this._terms=new Map,this._messages=new Map,this.locales=Array.isArray(e)?e:[e],this._functions={NUMBER:rt,DATETIME:at,...n},this._useIsolating=i,this._transform=s,this._intls=ut(e)}hasMessage(e){return this._messages.has(e)}getMessage(e){return this._messages.get(e)}addResource(e,{allowOverrides:n=!1}={}){let i=[];for(let s=0;s<e.body.length;s++){let a=e.body[s];if(a.id.startsWith("-")){if(n===!1&&this._terms.has(a.id)){i.push(new Error(`Attempt to override an existing term: "${a.id}"`));continue}this._terms.set(a.id,a)}else{if(n===!1&&this._messages.has(a.id)){i.push(new Error(`Attempt to override an existing message: "${a.id}"`));continue}this._messages.set(a.id,a)}}return i}formatPattern(e,n=null,i=null){if(typeof e=="string")return this._transform(e);let s=new be(this,i,n);try{return ze(s,e).toString(s)}catch(a){if(s.errors&&a instanceof Error)return s.errors.push(a),new C().toString(s);throw a}}};var Re=/^(-?[a-zA-Z][\w-]*) *= */gm,ct=/\.([a-zA-Z][\w-]*) *= */y,hn=/\*?\[/y,Oe=/(-?[0-9]+(?:\.([0-9]+))?)/y,fn=/([a-zA-Z][\w-]*)/y,dt=/([$-])?([a-zA-Z][\w-]*)(?:\.([a-zA-Z][\w-]*))?/y,mn=/^[A-Z][A-Z0-9_-]*$/,ke=/([^{}\n\r]+)/y,pn=/([^\\"\n\r]*)/y,ht=/\\([\\"])/y,ft=/\\u([a-fA-F0-9]{4})|\\U([a-fA-F0-9]{6})/y,gn=/^\n+/,mt=/ +$/,vn=/ *\r?\n/g,wn=/( *)$/,yn=/{\s*/y,pt=/\s*}/y,bn=/\[\s*/y,kn=/\s*] */y,$n=/\s*\(\s*/y,xn=/\s*->\s*/y,En=/\s*:\s*/y,An=/\s*,?\s*/y,Sn=/\s+/y,de=class{constructor(e){this.body=[],Re.lastIndex=0;let n=0;for(;;){let l=Re.exec(e);if(l===null)break;n=Re.lastIndex;try{this.body.push(u(l[1]))}catch(c){if(c instanceof SyntaxError)continue;throw c}}function i(l){return l.lastIndex=n,l.test(e)}function s(l,c){if(e[n]===l)return n++,!0;if(c)throw new c(`Expected ${l}`);return!1}function a(l,c){if(i(l))return n=l.lastIndex,!0;if(c)throw new c(`Expected ${l.toString()}`);return!1}function r(l){l.lastIndex=n;let c=l.exec(e);if(c===null)throw new SyntaxError(`Expected ${l.toString()}`);return n=l.lastIndex,c}function o(l){return r(l)[1]}function u(l){let c=y(),f=p();if(c===null&&Object.keys(f).length===0)throw new SyntaxError("Expected message value or attributes");return{id:l,value:c,attributes:f}}function p(){let l=Object.create(null);for(;i(ct);){let c=o(ct),f=y();if(f===null)throw new SyntaxError("Expected attribute value");l[c]=f}return l}function y(){let l;if(i(ke)&&(l=o(ke)),e[n]==="{"||e[n]==="}")return w(l?[l]:[],1/0);let c=te();return c?l?w([l,c],c.length):(c.value=m(c.value,gn),w([c],c.length)):l?m(l,mt):null}function w(l=[],c){for(;;){if(i(ke)){l.push(o(ke));continue}if(e[n]==="{"){l.push(g());continue}if(e[n]==="}")throw new SyntaxError("Unbalanced closing brace");let E=te();if(E){l.push(E),c=Math.min(c,E.length);continue}break}let f=l.length-1,b=l[f];typeof b=="string"&&(l[f]=m(b,mt));let $=[];for(let E of l)E instanceof $e&&(E=E.value.slice(0,E.value.length-c)),E&&$.push(E);return $}function g(){a(yn,SyntaxError);let l=k();if(a(pt))return l;if(a(xn)){let c=D();return a(pt,SyntaxError),{type:"select",selector:l,...c}}throw new SyntaxError("Unclosed placeable")}function k(){if(e[n]==="{")return g();if(i(dt)){let[,l,c,f=null]=r(dt);if(l==="$")return{type:"var",name:c};if(a($n)){let b=T();if(l==="-")return{type:"term",name:c,attr:f,args:b};if(mn.test(c))return{type:"func",name:c,args:b};throw new SyntaxError("Function names must be all upper-case")}return l==="-"?{type:"term",name:c,attr:f,args:[]}:{type:"mesg",name:c,attr:f}}return M()}function T(){let l=[];for(;;){switch(e[n]){case")":return n++,l;case void 0:throw new SyntaxError("Unclosed argument list")}l.push(S()),a(An)}}function S(){let l=k();return l.type!=="mesg"?l:a(En)?{type:"narg",name:l.name,value:M()}:l}function D(){let l=[],c=0,f;for(;i(hn);){s("*")&&(f=c);let b=_(),$=y();if($===null)throw new SyntaxError("Expected variant value");l[c++]={key:b,value:$}}if(c===0)return null;if(f===void 0)throw new SyntaxError("Expected default variant");return{variants:l,star:f}}function _(){a(bn,SyntaxError);let l;return i(Oe)?l=ee():l={type:"str",value:o(fn)},a(kn,SyntaxError),l}function M(){if(i(Oe))return ee();if(e[n]==='"')return le();throw new SyntaxError("Invalid expression")}function ee(){let[,l,c=""]=r(Oe),f=c.length;return{type:"num",value:parseFloat(l),precision:f}}function le(){s('"',SyntaxError);let l="";for(;;){if(l+=o(pn),e[n]==="\\"){l+=U();continue}if(s('"'))return{type:"str",value:l};throw new SyntaxError("Unclosed string literal")}}function U(){if(i(ht))return o(ht);if(i(ft)){let[,l,c]=r(ft),f=parseInt(l||c,16);return f<=55295||57344<=f?String.fromCodePoint(f):"�"}throw new SyntaxError("Unknown escape sequence")}function te(){let l=n;switch(a(Sn),e[n]){case".":case"[":case"*":case"}":case void 0:return!1;case"{":return v(e.slice(l,n))}return e[n-1]===" "?v(e.slice(l,n)):!1}function m(l,c){return l.replace(c,"")}function v(l){let c=l.replace(vn,`
`),f=wn.exec(l)[1].length;return new $e(c,f)}}},$e=class{constructor(e,n){this.value=e,this.length=n}};var Tn="([a-z]{2,3}|\\*)",_n="(?:-([a-z]{4}|\\*))",Cn="(?:-([a-z]{2}|\\*))",Dn="(?:-(([0-9][a-z0-9]{3}|[a-z0-9]{5,8})|\\*))",Nn=new RegExp(`^${Tn}${_n}?${Cn}?${Dn}?$`,"i"),K=class{constructor(e){let n=Nn.exec(e.replace(/_/g,"-"));if(!n){this.isWellFormed=!1;return}let[,i,s,a,r]=n;i&&(this.language=i.toLowerCase()),s&&(this.script=s[0].toUpperCase()+s.slice(1)),a&&(this.region=a.toUpperCase()),this.variant=r,this.isWellFormed=!0}isEqual(e){return this.language===e.language&&this.script===e.script&&this.region===e.region&&this.variant===e.variant}matches(e,n=!1,i=!1){return(this.language===e.language||n&&this.language===void 0||i&&e.language===void 0)&&(this.script===e.script||n&&this.script===void 0||i&&e.script===void 0)&&(this.region===e.region||n&&this.region===void 0||i&&e.region===void 0)&&(this.variant===e.variant||n&&this.variant===void 0||i&&e.variant===void 0)}toString(){return[this.language,this.script,this.region,this.variant].filter(e=>e!==void 0).join("-")}clearVariants(){this.variant=void 0}clearRegion(){this.region=void 0}addLikelySubtags(){let e=In(this.toString().toLowerCase());return e?(this.language=e.language,this.script=e.script,this.region=e.region,this.variant=e.variant,!0):!1}},gt={ar:"ar-arab-eg","az-arab":"az-arab-ir","az-ir":"az-arab-ir",be:"be-cyrl-by",da:"da-latn-dk",el:"el-grek-gr",en:"en-latn-us",fa:"fa-arab-ir",ja:"ja-jpan-jp",ko:"ko-kore-kr",pt:"pt-latn-br",sr:"sr-cyrl-rs","sr-ru":"sr-latn-ru",sv:"sv-latn-se",ta:"ta-taml-in",uk:"uk-cyrl-ua",zh:"zh-hans-cn","zh-hant":"zh-hant-tw","zh-hk":"zh-hant-hk","zh-mo":"zh-hant-mo","zh-tw":"zh-hant-tw","zh-gb":"zh-hant-gb","zh-us":"zh-hant-us"},Ln=["az","bg","cs","de","es","fi","fr","hu","it","lt","lv","nl","pl","ro","ru"];function In(t){if(Object.prototype.hasOwnProperty.call(gt,t))return new K(gt[t]);let e=new K(t);return e.language&&Ln.includes(e.language)?(e.region=e.language.toUpperCase(),e):null}function qe(t,e,n){let i=new Set,s=new Map;for(let a of e)new K(a).isWellFormed&&s.set(a,new K(a));e:for(let a of t){let r=a.toLowerCase(),o=new K(r);if(o.language!==void 0){for(let u of s.keys())if(r===u.toLowerCase()){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}for(let[u,p]of s.entries())if(p.matches(o,!0,!1)){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}if(o.addLikelySubtags()){for(let[u,p]of s.entries())if(p.matches(o,!0,!1)){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}}o.clearVariants();for(let[u,p]of s.entries())if(p.matches(o,!0,!0)){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}if(o.clearRegion(),o.addLikelySubtags()){for(let[u,p]of s.entries())if(p.matches(o,!0,!1)){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}}o.clearRegion();for(let[u,p]of s.entries())if(p.matches(o,!0,!0)){if(i.add(u),s.delete(u),n==="lookup")return Array.from(i);if(n==="filtering")continue;continue e}}}return Array.from(i)}function je(t,e,{strategy:n="filtering",defaultLocale:i}={}){let s=qe(Array.from(t??[]).map(String),Array.from(e??[]).map(String),n);if(n==="lookup"){if(i===void 0)throw new Error("defaultLocale cannot be undefined for strategy `lookup`");s.length===0&&s.push(i)}else i&&!s.includes(i)&&s.push(i);return s}var fe="en",ne=new Map,W=null,Q=null,xe;function vt(t,e,n){let i=new ce(t,{useIsolating:n}),s=i.addResource(new de(e));if(s.length)throw new Error(`locales/${t}.ftl: ${s[0].message}`);return i}function yt(t){ne.clear();for(let[e,n]of Object.entries(t)){let i=vt(e,n,!1),s=r=>{let o=i.getMessage(r);return o&&o.value?i.formatPattern(o.value):null},a=s("language-direction")==="rtl"?"rtl":"ltr";ne.set(e,{bundle:a==="rtl"?vt(e,n,!0):i,name:s("language-name")||e,dir:a})}if(Q=ne.get(fe)||null,!Q)throw new Error("no English catalogue");W||(W=Q)}function Ee(){return[...ne.entries()].map(([t,e])=>({tag:t,name:e.name,dir:e.dir})).sort((t,e)=>t.tag===fe?-1:e.tag===fe?1:t.tag.localeCompare(e.tag))}function Bn(t){if(typeof t!="string"||!t)return null;let[e]=je([t],[...ne.keys()],{strategy:"lookup",defaultLocale:"_none"});return e&&e!=="_none"?e:null}function bt({picked:t,named:e=[],browser:n=[],orgDefault:i}={}){for(let s of[t,...e,...n,i]){let a=Bn(s);if(a)return a}return fe}function kt(t){return W=ne.get(t)||Q,typeof document<"u"&&(document.documentElement.lang=q(),document.documentElement.dir=W.dir),q()}function q(){for(let[t,e]of ne)if(e===W)return t;return fe}function $t(t){xe=Fe(t)?t:void 0}function xt(){return xe}function Fe(t){if(typeof t!="string"||!t)return!1;try{return new Intl.DateTimeFormat("en",{timeZone:t}),!0}catch{return!1}}function Ue(){return new Intl.DateTimeFormat().resolvedOptions().timeZone}function Ae(t=xe){return Fe(t)&&t!==Ue()}function d(t,e){for(let n of[W,Q]){if(!n)continue;let i=n.bundle.getMessage(t);if(i&&i.value)return n.bundle.formatPattern(i.value,e)}return t}function Et(t,e,n){for(let i of[W,Q]){if(!i)continue;let s=i.bundle.getMessage(t);if(s&&s.attributes&&s.attributes[e])return i.bundle.formatPattern(s.attributes[e],n)}return`${t}.${e}`}function Mn(t){return!!(W&&W.bundle.hasMessage(t)||Q&&Q.bundle.hasMessage(t))}function Ve(t){let e=`error-${String(t||"unknown").replace(/_/g,"-")}`;return Mn(e)?d(e):d("error-other",{code:String(t||"unknown")})}var wt=new Map;function At(t,e,n){let i=`${q()}|${n||""}|${t}|${JSON.stringify(e)}`,s=wt.get(i);if(!s){let a={...e};t==="date"&&n&&(a.timeZone=n),s=t==="date"?new Intl.DateTimeFormat(q(),a):t==="number"?new Intl.NumberFormat(q(),a):t==="relative"?new Intl.RelativeTimeFormat(q(),a):new Intl.ListFormat(q(),a),wt.set(i,s)}return s}function Se(t,e={dateStyle:"medium",timeStyle:"short"},n=xe){let i=t instanceof Date?t:new Date(t);return Number.isNaN(i.getTime())?"":At("date",e,Fe(n)?n:void 0).format(i)}function Te(t,e={hour:"2-digit",minute:"2-digit"}){return Se(t,e)}function he(t,e={}){return At("number",e).format(t)}function St(t){let e=Math.max(0,Math.floor(t)),n=r=>he(r,{minimumIntegerDigits:2,useGrouping:!1}),i=Math.floor(e/3600),s=Math.floor(e%3600/60),a=e%60;return i>0?`${he(i)}:${n(s)}:${n(a)}`:`${he(s,{useGrouping:!1})}:${n(a)}`}var Tt=200,zn=/\p{Cc}/u;function me(t){let e=new Date(t),n=i=>String(i).padStart(2,"0");return`${e.getFullYear()}-${n(e.getMonth()+1)}-${n(e.getDate())}T${n(e.getHours())}:${n(e.getMinutes())}`}function Ge(t){return typeof t!="string"||!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t.trim())?NaN:Date.parse(t.trim())}function Ze(t){let e=Math.floor(t/6e4)*6e4,n=new Date(t);return n.setHours(23,59,0,0),n.getTime()-t<3*36e5&&n.setDate(n.getDate()+1),{from:e,until:n.getTime()}}var Pn=/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;function _t({label:t,from:e,until:n,email:i},s){let a=typeof t=="string"?t.trim():"",r=typeof i=="string"?i.trim():"";return r&&(r.length>254||!Pn.test(r))?{field:"email",message:d("host-invite-email-invalid")}:a?[...a].length>Tt?{field:"label",message:d("host-invite-name-too-long",{max:Tt})}:zn.test(a)?{field:"label",message:d("host-invite-name-unprintable")}:Number.isFinite(e)?Number.isFinite(n)?n<=e?{field:"until",message:d("host-invite-until-before-from")}:n<=s?{field:"until",message:d("host-invite-until-past")}:null:{field:"until",message:d("host-invite-until-missing")}:{field:"from",message:d("host-invite-from-missing")}:{field:"label",message:d("host-invite-name-missing")}}function Ct({label:t,from:e,until:n,email:i,language:s}){let a=u=>new Date(Math.floor(u/1e3)*1e3).toISOString().replace(/\.000Z$/,"Z"),r={label:t.trim(),valid_from:a(e),valid_until:a(n)},o=typeof i=="string"?i.trim():"";return o&&(r.email=o),typeof s=="string"&&s&&(r.language=s),r}var Rn=new Set(["used","revoked","expired"]),On=new Set(["approved","denied","expired"]);function qn(t,e){return Rn.has(t.state)?!1:!(Date.parse(t.valid_until)<=e)}function jn(t,e){let n=Number(t.uses)||0,i=Number(t.max_uses)||1;return t.state==="revoked"?{text:d("host-pass-cancelled"),tone:"off"}:t.state==="used"||n>0&&(t.state==="expired"||Date.parse(t.valid_until)<=e)?{text:d("host-pass-arrived"),tone:"done"}:t.state==="expired"||Date.parse(t.valid_until)<=e?t.state==="issued"||!t.claimed_at?{text:d("host-pass-never-opened"),tone:"off"}:{text:d("host-pass-did-not-come"),tone:"off"}:t.state==="issued"?{text:d("host-pass-not-opened"),tone:"wait"}:n>0?{text:d("host-pass-arrived-more",{count:i-n}),tone:"done"}:{text:d("host-pass-on-phone"),tone:"ok"}}function Fn(t){return t.state==="approved"?{text:d("host-walk-in-let-in"),tone:"done"}:t.state==="denied"?{text:d("host-walk-in-turned-away"),tone:"off"}:t.state==="expired"?{text:d("host-walk-in-no-answer"),tone:"off"}:{text:d("host-walk-in-waiting"),tone:"wait"}}function Dt(t,e,n){let i=[],s=[];for(let r of t||[]){let{text:o,tone:u}=jn(r,n),p={kind:"pass",id:r.pass_id,name:r.label,from:r.valid_from,until:r.valid_until,status:o,tone:u,state:r.state};qn(r,n)?i.push({...p,at:Date.parse(r.valid_from)}):s.push({...p,at:Math.min(Date.parse(r.valid_until),n)})}let a=new Set;for(let r of e||[]){if(!On.has(r.state)||a.has(r.walk_in_id))continue;a.add(r.walk_in_id);let{text:o,tone:u}=Fn(r),p=Date.parse(r.decided_at||r.expires_at||r.created_at);s.push({kind:"walk_in",id:r.walk_in_id,name:r.visitor_name,at:p,from:r.created_at,until:null,status:o,tone:u,gate:r.gate_label||null,note:r.note||null})}return i.sort((r,o)=>r.at-o.at||String(r.name).localeCompare(String(o.name))),s.sort((r,o)=>o.at-r.at),{upcoming:i,past:s}}function Nt(t,e){let n=Math.max(0,Math.ceil((t-e)/1e3));return{left:n,text:St(n)}}function Lt(t,e){return(e||[]).filter(n=>!t.has(n.walk_in_id)).sort((n,i)=>Date.parse(n.created_at)-Date.parse(i.created_at))}function We(t){let e={name:t.visitor_name,gate:t.gate_label||"",note:t.note||""};return t.gate_label?d(t.note?"host-arrival-at-note":"host-arrival-at",e):d(t.note?"host-arrival-note":"host-arrival",e)}function It(t,e){return t.network?d("host-decision-network"):t.code==="approval_timeout"?d("host-decision-too-late"):t.code==="already_decided"?d("host-decision-already-answered"):t.status===404?d("host-decision-gone"):t.status===403?d("host-decision-forbidden",{decision:e}):t.status===429?d("host-decision-rate-limited"):d("host-decision-failed",{decision:e,code:t.code||`HTTP ${t.status}`})}function Un(t){let e;try{e=JSON.parse(t)}catch{return null}return!e||!Array.isArray(e.walk_ins)?null:e.walk_ins.filter(n=>n&&typeof n.walk_in_id=="string"&&typeof n.visitor_name=="string")}var Vn=500,Gn=5e3,Zn=2,_e=class{constructor({EventSourceImpl:e,onSet:n,onState:i=()=>{},checkSession:s,onSignedOut:a,path:r="/v1/walk-ins/stream",timers:o,random:u=Math.random}){Object.assign(this,{EventSourceImpl:e,onSet:n,onState:i,checkSession:s,onSignedOut:a,path:r,random:u}),this.timers=o||{set:(p,y)=>setTimeout(p,y),clear:p=>clearTimeout(p)},this.source=null,this.timer=null,this.failures=0,this.stopped=!0,this.state=null}start(){this.stopped=!1,this.open()}stop(){this.stopped=!0,this.timer!==null&&this.timers.clear(this.timer),this.timer=null,this.source&&this.source.close(),this.source=null}setState(e){e!==this.state&&(this.state=e,this.onState(e))}open(){if(this.stopped)return;this.setState(this.failures===0&&this.state===null?"connecting":"reconnecting");let e=new this.EventSourceImpl(this.path);this.source=e,e.addEventListener("open",()=>{this.source===e&&(this.failures=0,this.setState("live"))}),e.addEventListener("walk_ins",n=>{if(this.source!==e)return;let i=Un(n.data);i!==null&&(this.failures=0,this.setState("live"),this.onSet(i))}),e.addEventListener("error",()=>{if(this.source===e){if(e.readyState!==Zn){this.setState("reconnecting");return}this.source=null,this.retry()}})}async retry(){this.setState("reconnecting");let e=Math.min(Gn,Vn*2**Math.min(this.failures,10));this.failures+=1;let n=Math.floor(e/2+this.random()*(e/2)),i="unknown";try{i=await this.checkSession()}catch{i="unknown"}if(!this.stopped){if(i==="signed-out"){this.stop(),this.onSignedOut();return}this.timer=this.timers.set(()=>{this.timer=null,this.open()},n)}}};var Bt={ar:`# The language's name in itself, as the switcher lists it.
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
host-title = Tessera للمضيفين
host-title-waiting = ({ $count }) Tessera للمضيفين
host-opening = جارٍ الفتح…
host-heading = Tessera للمضيفين
host-try-again = إعادة المحاولة
host-start-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
host-start-not-ready = الخادم غير جاهز (HTTP { $status }).
host-signin-intro = ادعُ زوّارك، واسمح بدخول من يصلون دون تصريح.
host-key = مفتاح المضيف
host-key-help = المفتاح الذي أعطاك إياه مسؤول الموقع. يُرسَل مرة واحدة لفتح جلسة، ولا يُحفَظ على هذا الجهاز.
host-key-missing = أدخل مفتاح المضيف الخاص بك.
host-sign-in = تسجيل الدخول
host-signin-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة ثم حاول مرة أخرى.
host-signin-key-refused = لم يُقبَل هذا المفتاح. تحقّق منه وحاول مرة أخرى.
host-signin-forbidden = لا يمكن تسجيل الدخول هنا بهذا المفتاح: هذا متاح لمفاتيح المضيفين فقط (أو أن الصفحة لم تُفتح من عنوان الخادم نفسه).
host-signin-rate-limited = محاولات تسجيل دخول فاشلة كثيرة من هذا العنوان. انتظر دقيقة ثم حاول مرة أخرى.
host-signin-failed = رفض الخادم تسجيل الدخول ({ $code }).
host-signin-console-session =
    هذا الجهاز مسجَّل الدخول بمفتاح { $role ->
        [admin] مسؤول
        [auditor] مدقِّق
        [issuer] جهة إصدار
        [security] فريق الأمن
       *[other] بدور «{ $role }»
    }، وهو مخصّص لوحدة التحكم الأمنية على { "\\u200E" }/console. سجّل الدخول هنا بمفتاح المضيف الخاص بك.
host-signin-not-host =
    كان هذا مفتاح { $role ->
        [admin] مسؤول
        [auditor] مدقِّق
        [issuer] جهة إصدار
        [security] فريق الأمن
       *[other] بدور «{ $role }»
    }: هذه الصفحة مخصّصة للمضيفين. يستخدم المسؤولون والمدقّقون وحدة التحكم الأمنية على { "\\u200E" }/console.
host-session-ended = انتهت جلستك. سجّل الدخول مرة أخرى.
host-session-expired = انتهت صلاحية جلستك. سجّل الدخول مرة أخرى.
host-signed-out = تم تسجيل الخروج.
host-fallback-name = المضيف
host-sign-out = تسجيل الخروج
host-views = طرق العرض
host-tab-invite = دعوة
host-tab-visits = الزيارات
host-live = مباشر
host-connecting = جارٍ الاتصال
host-reconnecting = جارٍ إعادة الاتصال
host-notify-me = نبّهني
host-notifying = التنبيهات مفعّلة
host-notify-off = الإشعارات متوقفة على هذا الجهاز.
host-notify-on = الإشعارات مفعّلة: سيصلك خبر الزائر عند المدخل حتى لو كانت هذه الصفحة مغلقة.
host-notify-blocked = الإشعارات محظورة لهذا الموقع: اسمح بها من إعدادات المتصفح، ثم حاول مرة أخرى.
host-notify-failed = تعذّر تفعيل الإشعارات: { $detail }.
host-action-sign-out = تسجيل الخروج
host-action-notify = تفعيل الإشعارات
host-action-invite = إنشاء الدعوة
host-action-cancel = إلغاء الدعوة
host-action-read-passes = تحميل دعواتك
host-action-read-walk-ins = تحميل زياراتك دون موعد
host-problem-network = تعذّر الوصول إلى الخادم من أجل { $action }. تحقّق من الشبكة ثم حاول مرة أخرى.
host-problem-forbidden = لا تسمح هذه الجلسة بـ{ $action } ({ $code }).
host-problem-rate-limited = طلبات كثيرة جدًا؛ انتظر دقيقة ثم حاول مرة أخرى.
host-problem-failed = تعذّر { $action }: { $reason }
host-problem-http = HTTP { $status }.
host-waiting-heading = عند المدخل
host-waiting-list = الزوار المنتظرون عند المدخل
host-waiting-empty = لا أحد بانتظارك. إذا سأل عنك زائر ليس لديه تصريح عند المدخل، فسيظهر هنا فورًا.
host-approve = موافقة
host-deny = رفض
host-walk-in-at = عند { $gate }
host-walk-in-at-any-gate = عند المدخل
host-walk-in-where-asked = { $where } · طلب الدخول الساعة { $time }
host-note-label = ملاحظة:
host-time-left = متبقٍّ { $time }
host-time-up = انتهى الوقت
host-arrival = { $name } بانتظارك عند المدخل ويسأل عنك. وافِق أو ارفض.
host-arrival-at = { $name } بانتظارك عند { $gate } ويسأل عنك. وافِق أو ارفض.
host-arrival-note = { $name } بانتظارك عند المدخل ويسأل عنك. ملاحظة: { $note }. وافِق أو ارفض.
host-arrival-at-note = { $name } بانتظارك عند { $gate } ويسأل عنك. ملاحظة: { $note }. وافِق أو ارفض.
host-arrivals =
    { $count ->
        [zero] لا أحد بانتظارك عند المدخل.
        [one] زائر واحد بانتظارك عند المدخل.
        [two] زائران بانتظارك عند المدخل.
        [few] { $count } زوار بانتظارك عند المدخل.
        [many] { $count } زائرًا بانتظارك عند المدخل.
       *[other] { $count } زائر بانتظارك عند المدخل.
    }
host-approved = سمحتَ بدخول { $name } من المدخل.
host-approved-at = سمحتَ بدخول { $name } من { $gate }.
host-denied = رفضتَ دخول { $name }.
host-decision-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة ثم حاول مرة أخرى.
host-decision-too-late = فات الأوان: توقّف المدخل عن انتظار الرد. على الزائر أن يطلب مرة أخرى.
host-decision-already-answered = سبق الرد على هذا الطلب (منك على جهاز آخر، أو من مسؤول الموقع).
host-decision-gone = لم يعد هذا الطلب موجودًا.
host-decision-forbidden =
    لا تسمح هذه الجلسة { $decision ->
        [approve] بالموافقة على
       *[deny] برفض
    } هذا الطلب.
host-decision-rate-limited = طلبات كثيرة جدًا؛ انتظر لحظة ثم حاول مرة أخرى.
host-decision-failed =
    تعذّر { $decision ->
        [approve] قبول
       *[deny] رفض
    } الطلب ({ $code }).
host-invite-heading = دعوة زائر
host-invite-intro = يتلقّى الزائر رابطًا يضيف تصريحًا إلى هاتفه، وبه يُسمح له بالدخول من المدخل.
host-visitor-name = اسم الزائر
host-valid-from = من
host-valid-until = إلى
host-valid-help = يتيح التصريح الدخول مرة واحدة بين هذين الوقتين.
host-invite-device-time = تُدخَل هذه الأوقات بتوقيت هذا الجهاز ({ $zone }).
host-visitor-email = البريد الإلكتروني للزائر (اختياري)
host-visitor-email-help = سنرسل إليه الرابط ورمز QR الخاص به بالبريد الإلكتروني. اترك الحقل فارغًا لترسل الرابط بنفسك.
host-visitor-language = لغة الزائر
host-create-invitation = إنشاء الدعوة
host-creating = جارٍ الإنشاء…
host-invite-email-invalid = أدخل البريد الإلكتروني للزائر بصيغة مثل name@example.com، أو اترك الحقل فارغًا.
host-invite-name-missing = أدخل اسم الزائر.
host-invite-name-too-long =
    الاسم طويل جدًا (الحد الأقصى { $max ->
        [zero] { $max } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $max } أحرف
        [many] { $max } حرفًا
       *[other] { $max } حرف
    }).
host-invite-name-unprintable = يحتوي الاسم على أحرف لا يمكن طباعتها.
host-invite-from-missing = أدخل وقت بدء الزيارة.
host-invite-until-missing = أدخل وقت انتهاء الزيارة.
host-invite-until-before-from = يجب أن تنتهي الزيارة بعد بدئها.
host-invite-until-past = يجب أن ينتهي موعد الزيارة في المستقبل.
host-invite-refused = لم يقبل الخادم الدعوة: { $reason }
host-invitation-for = دعوة لـ{ $name }
host-invitation-qr = رمز QR لدعوة { $name }
host-invitation-qr-caption = أو دعه يمسح هذا الرمز بكاميرا هاتفه.
host-invitation-link = رابط الدعوة
host-invitation-mailed = نرسل الرابط بالبريد الإلكتروني إلى { $email }.
host-invitation-link-help = أرسل هذا الرابط إلى { $name } فقط: أول من يفتحه يحصل على التصريح.
host-copy-link = نسخ الرابط
host-link-copied = تم نسخ الرابط. الصقه في رسالة إلى زائرك.
host-link-not-copied = تعذّر النسخ: الرابط محدَّد، انسخه من الحقل.
host-share = مشاركة…
host-share-title = تصريح لـ{ $name }
host-invite-again = دعوة شخص آخر
host-see-visits = عرض زياراتك
host-when-today = اليوم { $time }
host-when-tomorrow = غدًا { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = جارٍ تحميل زياراتك…
host-refresh = تحديث
host-visits-upcoming = القادمة
host-visits-past = السابقة
host-visits-upcoming-list = الزيارات القادمة
host-visits-past-list = الزيارات السابقة
host-visits-upcoming-empty = لا توجد زيارات قادمة.
host-visits-past-empty = لا توجد زيارات سابقة بعد.
host-visits-count = القادمة: { $upcoming }، السابقة: { $past }.
host-visit-walk-in = زيارة دون موعد عند المدخل · { $when }
host-visit-walk-in-at = زيارة دون موعد عند { $gate } · { $when }
host-visit-note = «{ $note }»
host-cancel = إلغاء
    .label = إلغاء دعوة { $name }
host-cancel-confirm = هل تريد إلغاء دعوة { $name }؟ سيتوقف تصريحه عن العمل.
host-pass-cancelled = أُلغيت
host-pass-arrived = وصل
host-pass-never-opened = لم يُفتح الرابط قط
host-pass-did-not-come = لم يحضر
host-pass-not-opened = لم يُفتح الرابط بعد
host-pass-on-phone = على هاتفه
host-pass-arrived-more =
    وصل، { $count ->
        [zero] ولم يتبقَّ أي دخول
        [one] ويتبقّى دخول واحد
        [two] ويتبقّى دخولان
        [few] ويتبقّى { $count } مرات دخول
        [many] ويتبقّى { $count } مرة دخول
       *[other] ويتبقّى { $count } مرة دخول
    }
host-walk-in-let-in = سُمح بدخوله
host-walk-in-turned-away = رُفض دخوله
host-walk-in-no-answer = لم يُرَدّ في الوقت المناسب
host-walk-in-waiting = ينتظر عند المدخل
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
host-title = Tessera für Gastgeber
host-title-waiting = ({ $count }) Tessera für Gastgeber
host-opening = Wird geöffnet…
host-heading = Tessera für Gastgeber
host-try-again = Erneut versuchen
host-start-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung.
host-start-not-ready = Der Server ist noch nicht bereit (HTTP { $status }).
host-signin-intro = Laden Sie Besucher ein und lassen Sie diejenigen herein, die ohne Ausweis ankommen.
host-key = Gastgeberschlüssel
host-key-help = Der Schlüssel, den Sie von der Administration des Standorts erhalten haben. Er wird einmalig gesendet, um eine Sitzung zu öffnen, und nicht auf diesem Gerät gespeichert.
host-key-missing = Bitte geben Sie Ihren Gastgeberschlüssel ein.
host-sign-in = Anmelden
host-signin-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-signin-key-refused = Dieser Schlüssel wurde nicht akzeptiert. Bitte prüfen Sie ihn und versuchen Sie es erneut.
host-signin-forbidden = Mit diesem Schlüssel ist hier keine Anmeldung möglich: Das geht nur mit Gastgeberschlüsseln (oder die Seite wird nicht über die eigene Adresse des Servers aufgerufen).
host-signin-rate-limited = Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.
host-signin-failed = Der Server hat die Anmeldung abgelehnt ({ $code }).
host-signin-console-session =
    Dieses Gerät ist mit einem { $role ->
        [admin] Administratorschlüssel
        [auditor] Prüferschlüssel
        [issuer] Ausstellerschlüssel
        [security] Schlüssel des Sicherheitsteams
       *[other] Schlüssel der Rolle „{ $role }“
    } angemeldet, für die Sicherheitskonsole unter /console. Melden Sie sich hier mit Ihrem Gastgeberschlüssel an.
host-signin-not-host =
    Das war ein { $role ->
        [admin] Administratorschlüssel
        [auditor] Prüferschlüssel
        [issuer] Ausstellerschlüssel
        [security] Schlüssel des Sicherheitsteams
       *[other] Schlüssel der Rolle „{ $role }“
    }: Diese Seite ist für Gastgeber. Administration und Prüfung nutzen die Sicherheitskonsole unter /console.
host-session-ended = Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.
host-session-expired = Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.
host-signed-out = Abgemeldet.
host-fallback-name = Gastgeber
host-sign-out = Abmelden
host-views = Ansichten
host-tab-invite = Einladen
host-tab-visits = Besuche
host-live = LIVE
host-connecting = VERBINDE
host-reconnecting = VERBINDE NEU
host-notify-me = Benachrichtigen
host-notifying = Benachrichtigung an
host-notify-off = Benachrichtigungen sind auf diesem Gerät ausgeschaltet.
host-notify-on = Benachrichtigungen sind eingeschaltet: Ein Besucher am Einlass erreicht Sie auch bei geschlossener Seite.
host-notify-blocked = Benachrichtigungen sind für diese Website blockiert: Erlauben Sie sie in den Browsereinstellungen und versuchen Sie es dann erneut.
host-notify-failed = Benachrichtigungen konnten nicht eingeschaltet werden: { $detail }.
host-action-sign-out = Abmelden
host-action-notify = Einschalten der Benachrichtigungen
host-action-invite = Erstellen der Einladung
host-action-cancel = Stornieren der Einladung
host-action-read-passes = Laden Ihrer Einladungen
host-action-read-walk-ins = Laden Ihrer Spontanbesuche
host-problem-network = { $action } nicht möglich: Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-problem-forbidden = { $action } ist mit dieser Sitzung nicht erlaubt ({ $code }).
host-problem-rate-limited = Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.
host-problem-failed = { $action } nicht möglich: { $reason }
host-problem-http = HTTP { $status }.
host-waiting-heading = Am Einlass
host-waiting-list = Besucher, die am Einlass warten
host-waiting-empty = Niemand wartet auf Sie. Fragt ein Besucher ohne Ausweis am Einlass nach Ihnen, erscheint er sofort hier.
host-approve = Genehmigen
host-deny = Ablehnen
host-walk-in-at = Einlass: { $gate }
host-walk-in-at-any-gate = Am Einlass
host-walk-in-where-asked = { $where } · gefragt um { $time }
host-note-label = Notiz:
host-time-left = noch { $time }
host-time-up = Zeit abgelaufen
host-arrival = { $name } wartet am Einlass und fragt nach Ihnen. Genehmigen oder ablehnen.
host-arrival-at = { $name } wartet am Einlass ({ $gate }) und fragt nach Ihnen. Genehmigen oder ablehnen.
host-arrival-note = { $name } wartet am Einlass und fragt nach Ihnen. Notiz: { $note }. Genehmigen oder ablehnen.
host-arrival-at-note = { $name } wartet am Einlass ({ $gate }) und fragt nach Ihnen. Notiz: { $note }. Genehmigen oder ablehnen.
host-arrivals =
    { $count ->
        [one] { $count } Besucher wartet am Einlass auf Sie.
       *[other] { $count } Besucher warten am Einlass auf Sie.
    }
host-approved = Sie haben { $name } am Einlass hereingelassen.
host-approved-at = Sie haben { $name } hereingelassen ({ $gate }).
host-denied = Sie haben { $name } abgewiesen.
host-decision-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-decision-too-late = Zu spät: Der Einlass wartet nicht mehr auf eine Antwort. Der Besucher muss erneut fragen.
host-decision-already-answered = Diese Anfrage wurde bereits beantwortet (von Ihnen auf einem anderen Gerät oder von der Administration des Standorts).
host-decision-gone = Diese Anfrage besteht nicht mehr.
host-decision-forbidden =
    Mit dieser Sitzung dürfen Sie diese Anfrage nicht { $decision ->
        [approve] genehmigen
       *[deny] ablehnen
    }.
host-decision-rate-limited = Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.
host-decision-failed =
    Die Anfrage konnte nicht { $decision ->
        [approve] genehmigt
       *[deny] abgelehnt
    } werden ({ $code }).
host-invite-heading = Besucher einladen
host-invite-intro = Ihr Besuch erhält einen Link, der einen Ausweis auf dem Telefon hinzufügt; damit wird er am Einlass hereingelassen.
host-visitor-name = Name des Besuchers
host-valid-from = Von
host-valid-until = Bis
host-valid-help = Der Ausweis gewährt einmal Einlass, zwischen diesen Zeitpunkten.
host-invite-device-time = Sie geben diese Zeiten in der Zeitzone dieses Geräts ein ({ $zone }).
host-visitor-email = E-Mail des Besuchers (optional)
host-visitor-email-help = Wir senden den Link und seinen QR-Code per E-Mail. Lassen Sie das Feld leer, um den Link selbst zu senden.
host-visitor-language = Sprache des Besuchers
host-create-invitation = Einladung erstellen
host-creating = Wird erstellt…
host-invite-email-invalid = Geben Sie die E-Mail-Adresse des Besuchers im Format name@example.com ein oder lassen Sie das Feld leer.
host-invite-name-missing = Bitte geben Sie den Namen des Besuchers ein.
host-invite-name-too-long = Der Name ist zu lang (höchstens { $max } Zeichen).
host-invite-name-unprintable = Der Name enthält Zeichen, die nicht darstellbar sind.
host-invite-from-missing = Bitte geben Sie an, wann der Besuch beginnt.
host-invite-until-missing = Bitte geben Sie an, wann der Besuch endet.
host-invite-until-before-from = Der Besuch muss nach seinem Beginn enden.
host-invite-until-past = Das Ende des Besuchs muss in der Zukunft liegen.
host-invite-refused = Der Server hat die Einladung nicht angenommen: { $reason }
host-invitation-for = Einladung für { $name }
host-invitation-qr = QR-Code der Einladung für { $name }
host-invitation-qr-caption = Oder lassen Sie diesen Code mit der Kamera des Telefons scannen.
host-invitation-link = Einladungslink
host-invitation-mailed = Wir senden den Link per E-Mail an { $email }.
host-invitation-link-help = Senden Sie diesen Link nur an { $name }: Wer ihn zuerst öffnet, erhält den Ausweis.
host-copy-link = Link kopieren
host-link-copied = Link kopiert. Fügen Sie ihn in eine Nachricht an Ihren Besuch ein.
host-link-not-copied = Kopieren nicht möglich: Der Link ist markiert, kopieren Sie ihn aus dem Feld.
host-share = Teilen…
host-share-title = Ausweis für { $name }
host-invite-again = Weitere Person einladen
host-see-visits = Ihre Besuche ansehen
host-when-today = Heute { $time }
host-when-tomorrow = Morgen { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Ihre Besuche werden geladen…
host-refresh = Aktualisieren
host-visits-upcoming = Anstehend
host-visits-past = Vergangen
host-visits-upcoming-list = Anstehende Besuche
host-visits-past-list = Vergangene Besuche
host-visits-upcoming-empty = Keine anstehenden Besuche.
host-visits-past-empty = Noch keine vergangenen Besuche.
host-visits-count = { $upcoming } anstehend, { $past } vergangen.
host-visit-walk-in = Spontanbesuch am Einlass · { $when }
host-visit-walk-in-at = Spontanbesuch ({ $gate }) · { $when }
host-visit-note = „{ $note }“
host-cancel = Stornieren
    .label = Einladung für { $name } stornieren
host-cancel-confirm = Einladung für { $name } stornieren? Der Ausweis funktioniert dann nicht mehr.
host-pass-cancelled = Storniert
host-pass-arrived = Angekommen
host-pass-never-opened = Link nie geöffnet
host-pass-did-not-come = Nicht gekommen
host-pass-not-opened = Link noch nicht geöffnet
host-pass-on-phone = Auf dem Telefon
host-pass-arrived-more =
    Angekommen, { $count ->
        [one] noch { $count } Eintritt
       *[other] noch { $count } Eintritte
    }
host-walk-in-let-in = Eingelassen
host-walk-in-turned-away = Abgewiesen
host-walk-in-no-answer = Keine rechtzeitige Antwort
host-walk-in-waiting = Wartet am Einlass
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
# The page's title (the browser tab) and its title while visitors wait ($count: how many).
host-title = Tessera host
host-title-waiting = ({ $count }) Tessera host
host-opening = Opening…
host-heading = Tessera for hosts
host-try-again = Try again
host-start-network = Could not reach the server. Check the network.
# $status: an HTTP status code, such as 503.
host-start-not-ready = The server is not ready (HTTP { $status }).
host-signin-intro = Invite visitors, and let in the ones who arrive without a pass.
host-key = Host key
host-key-help = The key the site’s admin gave you. It is sent once to open a session and is not kept on this device.
host-key-missing = Enter your host key.
host-sign-in = Sign in
host-signin-network = Could not reach the server. Check the network, then try again.
host-signin-key-refused = That key was not accepted. Check it and try again.
host-signin-forbidden = This key cannot sign in here: only host keys can (or the page is not on the server’s own address).
host-signin-rate-limited = Too many failed sign-ins from this address. Wait a minute, then try again.
# $code: the server's error code (or HTTP status), shown as it is.
host-signin-failed = The server refused the sign-in ({ $code }).
# $role: the key's role as the server names it (admin, auditor, issuer, security).
host-signin-console-session =
    This device is signed in with { $role ->
        [admin] an admin
        [auditor] an auditor
       *[other] a { $role }
    } key, for the security console at /console. Sign in here with your host key.
host-signin-not-host =
    That was { $role ->
        [admin] an admin
        [auditor] an auditor
       *[other] a { $role }
    } key: this page is for hosts. Admins and auditors use the security console at /console.
host-session-ended = Your session has ended. Sign in again.
host-session-expired = Your session has expired. Sign in again.
host-signed-out = Signed out.
# Shown in the bar when the host's key has no name.
host-fallback-name = Host
host-sign-out = Sign out
host-views = Views
host-tab-invite = Invite
host-tab-visits = Visits
# The live feed's state, in the bar's pill (capitals in English).
host-live = LIVE
host-connecting = CONNECTING
host-reconnecting = RECONNECTING
host-notify-me = Notify me
host-notifying = Notifying
host-notify-off = Notifications are off on this device.
host-notify-on = Notifications are on: a visitor at the gate reaches you with this page closed.
host-notify-blocked = Notifications are blocked for this site: allow them in the browser’s settings, then try again.
# $detail: the browser's own reason, in its words.
host-notify-failed = Could not turn notifications on: { $detail }.
host-action-sign-out = sign out
host-action-notify = turn notifications on
host-action-invite = create the invitation
host-action-cancel = cancel the invitation
host-action-read-passes = read your invitations
host-action-read-walk-ins = read your walk-ins
host-problem-network = Could not reach the server to { $action }. Check the network, then try again.
# $code: the server's error code, shown as it is.
host-problem-forbidden = Not allowed to { $action } with this session ({ $code }).
host-problem-rate-limited = Too many requests; wait a minute, then try again.
host-problem-failed = Could not { $action }: { $reason }
host-problem-http = HTTP { $status }.
host-waiting-heading = At the gate
host-waiting-list = Visitors waiting at the gate
host-waiting-empty = Nobody is waiting for you. A visitor without a pass who asks for you at the gate appears here at once.
host-approve = Approve
host-deny = Deny
host-walk-in-at = At { $gate }
host-walk-in-at-any-gate = At the gate
# $where: host-walk-in-at or host-walk-in-at-any-gate; $time: when the visitor asked.
host-walk-in-where-asked = { $where } · asked { $time }
# Read before the guard's note by screen readers.
host-note-label = Note:
# The countdown on a waiting visitor's card; $time is m:ss.
host-time-left = { $time } left
host-time-up = Time is up
# Announced (live region) when a visitor asks for the host.
host-arrival = { $name } is waiting at the gate and asks for you. Approve or deny.
host-arrival-at = { $name } is waiting at { $gate } and asks for you. Approve or deny.
host-arrival-note = { $name } is waiting at the gate and asks for you. Note: { $note }. Approve or deny.
host-arrival-at-note = { $name } is waiting at { $gate } and asks for you. Note: { $note }. Approve or deny.
# Announced when the page opens with several visitors waiting.
host-arrivals = { $count } visitors are waiting for you at the gate.
host-approved = You let { $name } in at the gate.
host-approved-at = You let { $name } in at { $gate }.
host-denied = You said no to { $name }.
# An approve or deny that failed. $decision: approve or deny.
host-decision-network = Could not reach the server. Check the network, then try again.
host-decision-too-late = Too late: the gate stopped waiting for an answer. The visitor has to ask again.
host-decision-already-answered = This request was already answered (by you on another device, or by the site’s admin).
host-decision-gone = This request is no longer there.
host-decision-forbidden =
    Not allowed to { $decision ->
        [approve] approve
       *[deny] deny
    } this request with this session.
host-decision-rate-limited = Too many requests; wait a moment, then try again.
# $code: the server's error code, or "HTTP 500" and the like, shown as it is.
host-decision-failed =
    Could not { $decision ->
        [approve] approve
       *[deny] deny
    } the request ({ $code }).
host-invite-heading = Invite a visitor
host-invite-intro = They get a link that adds a pass to their phone; the gate lets them in with it.
host-visitor-name = Visitor name
host-valid-from = From
host-valid-until = Until
host-valid-help = The pass lets them in once, between these times.
# Shown when this device is in another time zone than the venue; $zone: the device's (IANA name).
host-invite-device-time = You enter these times in this device’s time zone ({ $zone }).
host-visitor-email = Visitor email (optional)
host-visitor-email-help = We email them the link and its QR code. Leave it empty to send the link yourself.
# The language of the visitor's pass and mail; the list names each language in itself.
host-visitor-language = Visitor’s language
host-create-invitation = Create invitation
host-creating = Creating…
host-invite-email-invalid = Enter the visitor’s email address like name@example.com, or leave it empty.
host-invite-name-missing = Enter the visitor’s name.
host-invite-name-too-long = The name is too long (at most { $max } characters).
host-invite-name-unprintable = The name has characters that cannot be printed.
host-invite-from-missing = Enter when the visit starts.
host-invite-until-missing = Enter when the visit ends.
host-invite-until-before-from = The visit must end after it starts.
host-invite-until-past = The visit must end in the future.
# $reason: the server's error code in words (an error-* sentence).
host-invite-refused = The server did not accept the invitation: { $reason }
host-invitation-for = Invitation for { $name }
host-invitation-qr = Invitation QR code for { $name }
host-invitation-qr-caption = Or let them scan this with their phone’s camera.
host-invitation-link = Invitation link
host-invitation-mailed = We are emailing the link to { $email }.
host-invitation-link-help = Send this link to { $name } only: whoever opens it first gets the pass.
host-copy-link = Copy link
host-link-copied = Link copied. Paste it into a message to them.
host-link-not-copied = Could not copy: the link is selected, copy it from the field.
host-share = Share…
# The title of the shared link (the phone's share sheet).
host-share-title = Pass for { $name }
host-invite-again = Invite someone else
host-see-visits = See your visits
# "Today 14:00", "Tomorrow 09:30", "Sat 6 Dec 18:00"; $time and $day are formatted already.
host-when-today = Today { $time }
host-when-tomorrow = Tomorrow { $time }
host-when-day = { $day } { $time }
# A visit's time span: "Today 14:00 – 23:59".
host-span = { $from } – { $until }
host-visits-loading = Loading your visits…
host-refresh = Refresh
host-visits-upcoming = Upcoming
host-visits-past = Past
host-visits-upcoming-list = Upcoming visits
host-visits-past-list = Past visits
# Followed by a link "Invite a visitor".
host-visits-upcoming-empty = No visits to come.
host-visits-past-empty = No past visits yet.
host-visits-count = { $upcoming } to come, { $past } past.
host-visit-walk-in = Walk-in at the gate · { $when }
host-visit-walk-in-at = Walk-in at { $gate } · { $when }
# The guard's note on a past walk-in, quoted.
host-visit-note = “{ $note }”
host-cancel = Cancel
    .label = Cancel the invitation for { $name }
host-cancel-confirm = Cancel the invitation for { $name }? Their pass stops working.
# What a pass's state means to the host (a badge).
host-pass-cancelled = Cancelled
host-pass-arrived = Arrived
host-pass-never-opened = Link never opened
host-pass-did-not-come = Did not come
host-pass-not-opened = Link not opened yet
host-pass-on-phone = On their phone
# $count: the entries left on a pass that was used.
host-pass-arrived-more =
    Arrived, { $count } more { $count ->
        [one] entry
       *[other] entries
    }
host-walk-in-let-in = Let in
host-walk-in-turned-away = Turned away
host-walk-in-no-answer = No answer in time
host-walk-in-waiting = Waiting at the gate
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
host-title = Tessera para anfitriones
host-title-waiting = ({ $count }) Tessera para anfitriones
host-opening = Abriendo…
host-heading = Tessera para anfitriones
host-try-again = Reintentar
host-start-network = No se pudo conectar con el servidor. Compruebe la red.
host-start-not-ready = El servidor no está listo (HTTP { $status }).
host-signin-intro = Invite a sus visitantes y deje entrar a quienes lleguen sin pase.
host-key = Clave de anfitrión
host-key-help = La clave que le dio la administración del sitio. Se envía una sola vez para abrir una sesión y no se guarda en este dispositivo.
host-key-missing = Escriba su clave de anfitrión.
host-sign-in = Iniciar sesión
host-signin-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
host-signin-key-refused = No se aceptó esa clave. Revísela y vuelva a intentarlo.
host-signin-forbidden = Esta clave no permite iniciar sesión aquí: solo las claves de anfitrión pueden hacerlo (o la página no está en la dirección propia del servidor).
host-signin-rate-limited = Demasiados inicios de sesión fallidos desde esta dirección. Espere un minuto y vuelva a intentarlo.
host-signin-failed = El servidor rechazó el inicio de sesión ({ $code }).
host-signin-console-session =
    Este dispositivo tiene una sesión iniciada con una clave { $role ->
        [admin] de administrador
        [auditor] de auditor
        [issuer] de emisor
        [security] del equipo de seguridad
       *[other] con el rol «{ $role }»
    }, para la consola de seguridad en /console. Inicie sesión aquí con su clave de anfitrión.
host-signin-not-host =
    Era una clave { $role ->
        [admin] de administrador
        [auditor] de auditor
        [issuer] de emisor
        [security] del equipo de seguridad
       *[other] con el rol «{ $role }»
    }: esta página es para anfitriones. Administradores y auditores usan la consola de seguridad en /console.
host-session-ended = Su sesión ha terminado. Vuelva a iniciar sesión.
host-session-expired = Su sesión ha caducado. Vuelva a iniciar sesión.
host-signed-out = Sesión cerrada.
host-fallback-name = Anfitrión
host-sign-out = Cerrar sesión
host-views = Vistas
host-tab-invite = Invitar
host-tab-visits = Visitas
host-live = EN VIVO
host-connecting = CONECTANDO
host-reconnecting = RECONECTANDO
host-notify-me = Avisarme
host-notifying = Avisos activos
host-notify-off = Las notificaciones están desactivadas en este dispositivo.
host-notify-on = Las notificaciones están activadas: un visitante en la entrada le llegará aunque esta página esté cerrada.
host-notify-blocked = Las notificaciones están bloqueadas para este sitio: permítalas en la configuración del navegador y vuelva a intentarlo.
host-notify-failed = No se pudieron activar las notificaciones: { $detail }.
host-action-sign-out = cerrar la sesión
host-action-notify = activar las notificaciones
host-action-invite = crear la invitación
host-action-cancel = cancelar la invitación
host-action-read-passes = cargar sus invitaciones
host-action-read-walk-ins = cargar sus visitas sin cita
host-problem-network = No se pudo conectar con el servidor para { $action }. Compruebe la red y vuelva a intentarlo.
host-problem-forbidden = Esta sesión no permite { $action } ({ $code }).
host-problem-rate-limited = Demasiadas solicitudes; espere un minuto y vuelva a intentarlo.
host-problem-failed = No se pudo { $action }: { $reason }
host-problem-http = HTTP { $status }.
host-waiting-heading = En la entrada
host-waiting-list = Visitantes que esperan en la entrada
host-waiting-empty = Nadie le espera. Si un visitante sin pase pregunta por usted en la entrada, aparecerá aquí al instante.
host-approve = Aprobar
host-deny = Rechazar
host-walk-in-at = En { $gate }
host-walk-in-at-any-gate = En la entrada
host-walk-in-where-asked = { $where } · preguntó a las { $time }
host-note-label = Nota:
host-time-left = quedan { $time }
host-time-up = Se acabó el tiempo
host-arrival = { $name } espera en la entrada y pregunta por usted. Apruebe o rechace.
host-arrival-at = { $name } espera en { $gate } y pregunta por usted. Apruebe o rechace.
host-arrival-note = { $name } espera en la entrada y pregunta por usted. Nota: { $note }. Apruebe o rechace.
host-arrival-at-note = { $name } espera en { $gate } y pregunta por usted. Nota: { $note }. Apruebe o rechace.
host-arrivals =
    { $count ->
        [one] { $count } visitante le espera en la entrada.
       *[other] { $count } visitantes le esperan en la entrada.
    }
host-approved = Dejó pasar a { $name }.
host-approved-at = Dejó pasar a { $name } en { $gate }.
host-denied = Rechazó la entrada de { $name }.
host-decision-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
host-decision-too-late = Demasiado tarde: la entrada dejó de esperar una respuesta. El visitante tiene que volver a preguntar.
host-decision-already-answered = Esta solicitud ya tiene respuesta (suya desde otro dispositivo o de la administración del sitio).
host-decision-gone = Esta solicitud ya no existe.
host-decision-forbidden =
    Esta sesión no permite { $decision ->
        [approve] aprobar
       *[deny] rechazar
    } esta solicitud.
host-decision-rate-limited = Demasiadas solicitudes; espere un momento y vuelva a intentarlo.
host-decision-failed =
    No se pudo { $decision ->
        [approve] aprobar
       *[deny] rechazar
    } la solicitud ({ $code }).
host-invite-heading = Invitar a un visitante
host-invite-intro = El visitante recibe un enlace que añade un pase a su teléfono; con él podrá pasar por la entrada.
host-visitor-name = Nombre del visitante
host-valid-from = Desde
host-valid-until = Hasta
host-valid-help = El pase permite entrar una vez, entre estas horas.
host-invite-device-time = Estas horas se indican en la zona horaria de este dispositivo ({ $zone }).
host-visitor-email = Correo del visitante (opcional)
host-visitor-email-help = Le enviamos por correo el enlace y su código QR. Déjelo vacío para enviar el enlace usted mismo.
host-visitor-language = Idioma del visitante
host-create-invitation = Crear invitación
host-creating = Creando…
host-invite-email-invalid = Escriba el correo del visitante con el formato nombre@example.com, o deje el campo vacío.
host-invite-name-missing = Escriba el nombre del visitante.
host-invite-name-too-long = El nombre es demasiado largo (máximo { $max } caracteres).
host-invite-name-unprintable = El nombre tiene caracteres que no se pueden mostrar.
host-invite-from-missing = Indique cuándo empieza la visita.
host-invite-until-missing = Indique cuándo termina la visita.
host-invite-until-before-from = La visita debe terminar después de empezar.
host-invite-until-past = La visita debe terminar en el futuro.
host-invite-refused = El servidor no aceptó la invitación: { $reason }
host-invitation-for = Invitación para { $name }
host-invitation-qr = Código QR de la invitación para { $name }
host-invitation-qr-caption = O pídale que lo escanee con la cámara de su teléfono.
host-invitation-link = Enlace de invitación
host-invitation-mailed = Estamos enviando el enlace por correo a { $email }.
host-invitation-link-help = Envíe este enlace solo a { $name }: quien lo abra primero obtiene el pase.
host-copy-link = Copiar enlace
host-link-copied = Enlace copiado. Péguelo en un mensaje para su visitante.
host-link-not-copied = No se pudo copiar: el enlace está seleccionado, cópielo del campo.
host-share = Compartir…
host-share-title = Pase para { $name }
host-invite-again = Invitar a otra persona
host-see-visits = Ver sus visitas
host-when-today = Hoy { $time }
host-when-tomorrow = Mañana { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Cargando sus visitas…
host-refresh = Actualizar
host-visits-upcoming = Próximas
host-visits-past = Anteriores
host-visits-upcoming-list = Próximas visitas
host-visits-past-list = Visitas anteriores
host-visits-upcoming-empty = No hay visitas próximas.
host-visits-past-empty = Aún no hay visitas anteriores.
host-visits-count =
    { $upcoming ->
        [one] { $upcoming } próxima
       *[other] { $upcoming } próximas
    }, { $past ->
        [one] { $past } anterior
       *[other] { $past } anteriores
    }.
host-visit-walk-in = Visita sin cita en la entrada · { $when }
host-visit-walk-in-at = Visita sin cita en { $gate } · { $when }
host-visit-note = «{ $note }»
host-cancel = Cancelar
    .label = Cancelar la invitación de { $name }
host-cancel-confirm = ¿Cancelar la invitación de { $name }? Su pase dejará de funcionar.
host-pass-cancelled = Cancelada
host-pass-arrived = Llegó
host-pass-never-opened = Enlace nunca abierto
host-pass-did-not-come = No vino
host-pass-not-opened = Enlace aún sin abrir
host-pass-on-phone = En su teléfono
host-pass-arrived-more =
    Llegó, { $count ->
        [one] le queda { $count } entrada
       *[other] le quedan { $count } entradas
    }
host-walk-in-let-in = Entró
host-walk-in-turned-away = Rechazado
host-walk-in-no-answer = Sin respuesta a tiempo
host-walk-in-waiting = Esperando en la entrada
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
host-title = Tessera pour les hôtes
host-title-waiting = ({ $count }) Tessera pour les hôtes
host-opening = Ouverture…
host-heading = Tessera pour les hôtes
host-try-again = Réessayer
host-start-network = Impossible de joindre le serveur. Vérifiez le réseau.
host-start-not-ready = Le serveur n’est pas prêt (HTTP { $status }).
host-signin-intro = Invitez vos visiteurs et laissez entrer ceux qui arrivent sans pass.
host-key = Clé d’hôte
host-key-help = La clé que l’administrateur du site vous a remise. Elle n’est envoyée qu’une fois pour ouvrir une session et n’est pas conservée sur cet appareil.
host-key-missing = Saisissez votre clé d’hôte.
host-sign-in = Se connecter
host-signin-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
host-signin-key-refused = Cette clé n’a pas été acceptée. Vérifiez-la et réessayez.
host-signin-forbidden = Cette clé ne permet pas de se connecter ici : seules les clés d’hôte le peuvent (ou la page n’est pas ouverte à l’adresse propre du serveur).
host-signin-rate-limited = Trop de connexions échouées depuis cette adresse. Patientez une minute, puis réessayez.
host-signin-failed = Le serveur a refusé la connexion ({ $code }).
host-signin-console-session =
    Cet appareil est connecté avec une clé { $role ->
        [admin] d’administration
        [auditor] d’auditeur
        [issuer] d’émetteur
        [security] de l’équipe de sécurité
       *[other] de rôle « { $role } »
    }, destinée à la console de sécurité (/console). Connectez-vous ici avec votre clé d’hôte.
host-signin-not-host =
    C’était une clé { $role ->
        [admin] d’administration
        [auditor] d’auditeur
        [issuer] d’émetteur
        [security] de l’équipe de sécurité
       *[other] de rôle « { $role } »
    } : cette page est réservée aux hôtes. Les administrateurs et les auditeurs utilisent la console de sécurité (/console).
host-session-ended = Votre session a pris fin. Reconnectez-vous.
host-session-expired = Votre session a expiré. Reconnectez-vous.
host-signed-out = Déconnecté.
host-fallback-name = Hôte
host-sign-out = Déconnexion
host-views = Vues
host-tab-invite = Inviter
host-tab-visits = Visites
host-live = EN DIRECT
host-connecting = CONNEXION
host-reconnecting = RECONNEXION
host-notify-me = M’avertir
host-notifying = Alertes activées
host-notify-off = Les notifications sont désactivées sur cet appareil.
host-notify-on = Les notifications sont activées : un visiteur à l’entrée vous joint même quand cette page est fermée.
host-notify-blocked = Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur, puis réessayez.
host-notify-failed = Impossible d’activer les notifications : { $detail }.
host-action-sign-out = Déconnexion
host-action-notify = Activation des notifications
host-action-invite = Création de l’invitation
host-action-cancel = Annulation de l’invitation
host-action-read-passes = Chargement de vos invitations
host-action-read-walk-ins = Chargement de vos visites sans rendez-vous
host-problem-network = { $action } impossible : le serveur est injoignable. Vérifiez le réseau, puis réessayez.
host-problem-forbidden = Cette session ne permet pas cette opération : { $action } ({ $code }).
host-problem-rate-limited = Trop de requêtes ; patientez une minute, puis réessayez.
host-problem-failed = { $action } impossible : { $reason }
host-problem-http = HTTP { $status }.
host-waiting-heading = À l’entrée
host-waiting-list = Visiteurs qui attendent à l’entrée
host-waiting-empty = Personne ne vous attend. Un visiteur sans pass qui vous demande à l’entrée apparaît ici immédiatement.
host-approve = Autoriser
host-deny = Refuser
host-walk-in-at = Entrée : { $gate }
host-walk-in-at-any-gate = À l’entrée
host-walk-in-where-asked = { $where } · demande à { $time }
host-note-label = Note :
host-time-left = encore { $time }
host-time-up = Temps écoulé
host-arrival = { $name } vous attend à l’entrée et vous demande. Autorisez ou refusez.
host-arrival-at = { $name } vous attend à l’entrée ({ $gate }) et vous demande. Autorisez ou refusez.
host-arrival-note = { $name } vous attend à l’entrée et vous demande. Note : { $note }. Autorisez ou refusez.
host-arrival-at-note = { $name } vous attend à l’entrée ({ $gate }) et vous demande. Note : { $note }. Autorisez ou refusez.
host-arrivals =
    { $count ->
        [one] { $count } visiteur vous attend à l’entrée.
       *[other] { $count } visiteurs vous attendent à l’entrée.
    }
host-approved = Vous avez laissé entrer { $name } à l’entrée.
host-approved-at = Vous avez laissé entrer { $name } ({ $gate }).
host-denied = Vous avez refusé l’entrée à { $name }.
host-decision-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
host-decision-too-late = Trop tard : l’entrée n’attend plus de réponse. Le visiteur doit refaire sa demande.
host-decision-already-answered = Cette demande a déjà reçu une réponse (de votre part sur un autre appareil, ou de l’administrateur du site).
host-decision-gone = Cette demande n’existe plus.
host-decision-forbidden =
    Cette session ne permet pas { $decision ->
        [approve] d’autoriser
       *[deny] de refuser
    } cette demande.
host-decision-rate-limited = Trop de requêtes ; patientez un instant, puis réessayez.
host-decision-failed =
    Impossible { $decision ->
        [approve] d’autoriser
       *[deny] de refuser
    } la demande ({ $code }).
host-invite-heading = Inviter un visiteur
host-invite-intro = Votre visiteur reçoit un lien qui ajoute un pass à son téléphone ; l’entrée le laisse passer avec.
host-visitor-name = Nom du visiteur
host-valid-from = Début
host-valid-until = Fin
host-valid-help = Le pass permet d’entrer une fois, dans cette plage horaire.
host-invite-device-time = Ces heures sont à saisir dans le fuseau horaire de cet appareil ({ $zone }).
host-visitor-email = E-mail du visiteur (facultatif)
host-visitor-email-help = Nous lui envoyons par e-mail le lien et son code QR. Laissez vide pour envoyer le lien vous-même.
host-visitor-language = Langue du visiteur
host-create-invitation = Créer l’invitation
host-creating = Création…
host-invite-email-invalid = Saisissez l’adresse e-mail du visiteur sous la forme nom@example.com, ou laissez le champ vide.
host-invite-name-missing = Saisissez le nom du visiteur.
host-invite-name-too-long = Le nom est trop long ({ $max } caractères au maximum).
host-invite-name-unprintable = Le nom contient des caractères non imprimables.
host-invite-from-missing = Indiquez le début de la visite.
host-invite-until-missing = Indiquez la fin de la visite.
host-invite-until-before-from = La visite doit se terminer après son début.
host-invite-until-past = La fin de la visite doit être dans le futur.
host-invite-refused = Le serveur n’a pas accepté l’invitation : { $reason }
host-invitation-for = Invitation pour { $name }
host-invitation-qr = Code QR de l’invitation pour { $name }
host-invitation-qr-caption = Ou faites-le scanner avec l’appareil photo de son téléphone.
host-invitation-link = Lien d’invitation
host-invitation-mailed = Nous envoyons le lien par e-mail à { $email }.
host-invitation-link-help = N’envoyez ce lien qu’à { $name } : la première personne qui l’ouvre obtient le pass.
host-copy-link = Copier le lien
host-link-copied = Lien copié. Collez-le dans un message à votre visiteur.
host-link-not-copied = Copie impossible : le lien est sélectionné, copiez-le depuis le champ.
host-share = Partager…
host-share-title = Pass pour { $name }
host-invite-again = Inviter quelqu’un d’autre
host-see-visits = Voir vos visites
host-when-today = Aujourd’hui { $time }
host-when-tomorrow = Demain { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Chargement de vos visites…
host-refresh = Actualiser
host-visits-upcoming = À venir
host-visits-past = Passées
host-visits-upcoming-list = Visites à venir
host-visits-past-list = Visites passées
host-visits-upcoming-empty = Aucune visite à venir.
host-visits-past-empty = Aucune visite passée pour l’instant.
host-visits-count =
    { $upcoming } à venir, { $past ->
        [one] { $past } passée
       *[other] { $past } passées
    }.
host-visit-walk-in = Visite sans rendez-vous à l’entrée · { $when }
host-visit-walk-in-at = Visite sans rendez-vous ({ $gate }) · { $when }
host-visit-note = « { $note } »
host-cancel = Annuler
    .label = Annuler l’invitation de { $name }
host-cancel-confirm = Annuler l’invitation de { $name } ? Son pass ne fonctionnera plus.
host-pass-cancelled = Annulée
host-pass-arrived = Arrivé
host-pass-never-opened = Lien jamais ouvert
host-pass-did-not-come = Pas venu
host-pass-not-opened = Lien pas encore ouvert
host-pass-on-phone = Sur son téléphone
host-pass-arrived-more =
    Arrivé, { $count ->
        [one] encore { $count } entrée
       *[other] encore { $count } entrées
    }
host-walk-in-let-in = Entré
host-walk-in-turned-away = Refusé
host-walk-in-no-answer = Pas de réponse à temps
host-walk-in-waiting = Attend à l’entrée
`};function h(t,e={},...n){let i=document.createElement(t);for(let[s,a]of Object.entries(e))a==null||a===!1||(s==="class"?i.className=a:s==="text"?i.textContent=a:s.startsWith("on")?i.addEventListener(s.slice(2),a):a===!0?i.setAttribute(s,""):i.setAttribute(s,String(a)));for(let s of n.flat())s==null||s===!1||i.append(s instanceof Node?s:document.createTextNode(String(s)));return i}function Ce(t,...e){t.replaceChildren(...e);let n=t.querySelector("h1");n&&(n.setAttribute("tabindex","-1"),n.focus({preventScroll:!0}))}async function Hn(t,{method:e,body:n,headers:i={},credentials:s,timeoutMs:a,onUnauthorized:r}){let o={accept:"application/json"};n!==void 0&&(o["content-type"]="application/json"),Object.assign(o,i);let u;try{u=await fetch(t,{method:e,headers:o,body:n!==void 0?JSON.stringify(n):void 0,credentials:s,cache:"no-store",referrerPolicy:"no-referrer",redirect:"error",signal:AbortSignal.timeout(a)})}catch{return{network:!0}}let p=null;if(u.status!==204)try{p=await u.json()}catch{p=null}let y=p&&p.error&&typeof p.error=="object"?p.error:{},w=k=>typeof k=="string"&&k||null,g={status:u.status,ok:u.ok,body:p,code:w(y.code),field:w(y.field)};return u.status===401&&r&&r(),g}function Mt({getSession:t,signedOut:e,timeoutMs:n}){return(i,s,a)=>{let r=t(),o={};return i!=="GET"&&r&&(o["x-csrf-token"]=r.csrf_token),Hn(s,{method:i,body:a,headers:o,credentials:"same-origin",timeoutMs:n,onUnauthorized:()=>{t()&&!s.startsWith("/v1/console/session")&&e()}})}}async function zt(t,e){try{return await navigator.clipboard.writeText(t),!0}catch{e.focus(),e.select();try{return document.execCommand("copy")}catch{return!1}}}function Pt(t){let e=h("input",{id:"sso-email",type:"email",autocomplete:"email",autocapitalize:"none",spellcheck:"false",required:!0,"aria-describedby":"sso-email-help"}),n=h("div",{class:"error-slot"}),i=h("form",{class:"sso-form",novalidate:!0},h("div",{class:"field"},h("label",{for:"sso-email",text:d("common-sso-email")}),e,h("p",{id:"sso-email-help",class:"muted",text:d("common-sso-email-help")})),n,h("p",{class:"actions"},h("button",{type:"submit",class:"primary",id:"sso-continue",text:d("common-sso-continue")})));return i.addEventListener("submit",s=>{s.preventDefault();let a=e.value.trim();if(!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(a)){n.replaceChildren(h("p",{class:"alert shown",role:"alert",text:d("common-sso-email-invalid")})),e.focus();return}window.location.assign(`/v1/sso/start?page=${encodeURIComponent(t)}&email=${encodeURIComponent(a)}`)}),h("section",{class:"sso","aria-labelledby":"sso-title"},h("h2",{id:"sso-title",text:d("common-sso-title")}),i)}function Rt(t){let e=t&&t.status===200&&t.body&&t.body.end_session_url;return typeof e=="string"&&/^https?:\/\//.test(e)?(window.location.assign(e),!0):!1}yt(Bt);var Ot=t=>`tessera.language.${t}`;function He(t){try{return localStorage.getItem(Ot(t))}catch{return null}}function Kn(t,e){try{localStorage.setItem(Ot(t),e)}catch{}}function Ke(t,{named:e=[],orgDefault:n}={}){let i=typeof navigator<"u"?navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language]:[],s=kt(bt({picked:He(t),named:e.filter(Boolean),browser:i,orgDefault:n})),a=document.querySelector("title[data-i18n]");a&&(document.title=d(a.dataset.i18n));for(let r of document.querySelectorAll("[data-i18n]:not(title)"))r.textContent=d(r.dataset.i18n);return s}function Qn(t,e=()=>window.location.reload()){let n=h("select",{id:"language-select",class:"language-select"},Ee().map(i=>h("option",{value:i.tag,lang:i.tag,dir:i.dir,selected:i.tag===q()},i.name)));return n.addEventListener("change",()=>{Kn(t,n.value),e(n.value)}),h("div",{class:"language-switch"},h("label",{for:"language-select",text:d("common-language")}),n)}function qt(t,e){let n=document.querySelector(".language-switch");n&&n.remove(),(document.querySelector("header.bar")||document.body).append(Qn(t,e))}function jt({zone:t=xt(),tag:e="p",cls:n="zone-note muted small"}={}){return Ae(t)?h(e,{class:n,text:d("common-times-in-zone",{zone:t})}):null}var oe=function(t,e){let s=t,a=pe[e],r=null,o=0,u=null,p=[],y={},w=function(m,v){o=s*4+17,r=(function(l){let c=new Array(l);for(let f=0;f<l;f+=1){c[f]=new Array(l);for(let b=0;b<l;b+=1)c[f][b]=null}return c})(o),g(0,0),g(o-7,0),g(0,o-7),S(),T(),_(m,v),s>=7&&D(m),u==null&&(u=le(s,a,p)),M(u,v)},g=function(m,v){for(let l=-1;l<=7;l+=1)if(!(m+l<=-1||o<=m+l))for(let c=-1;c<=7;c+=1)v+c<=-1||o<=v+c||(0<=l&&l<=6&&(c==0||c==6)||0<=c&&c<=6&&(l==0||l==6)||2<=l&&l<=4&&2<=c&&c<=4?r[m+l][v+c]=!0:r[m+l][v+c]=!1)},k=function(){let m=0,v=0;for(let l=0;l<8;l+=1){w(!0,l);let c=J.getLostPoint(y);(l==0||m>c)&&(m=c,v=l)}return v},T=function(){for(let m=8;m<o-8;m+=1)r[m][6]==null&&(r[m][6]=m%2==0);for(let m=8;m<o-8;m+=1)r[6][m]==null&&(r[6][m]=m%2==0)},S=function(){let m=J.getPatternPosition(s);for(let v=0;v<m.length;v+=1)for(let l=0;l<m.length;l+=1){let c=m[v],f=m[l];if(r[c][f]==null)for(let b=-2;b<=2;b+=1)for(let $=-2;$<=2;$+=1)b==-2||b==2||$==-2||$==2||b==0&&$==0?r[c+b][f+$]=!0:r[c+b][f+$]=!1}},D=function(m){let v=J.getBCHTypeNumber(s);for(let l=0;l<18;l+=1){let c=!m&&(v>>l&1)==1;r[Math.floor(l/3)][l%3+o-8-3]=c}for(let l=0;l<18;l+=1){let c=!m&&(v>>l&1)==1;r[l%3+o-8-3][Math.floor(l/3)]=c}},_=function(m,v){let l=a<<3|v,c=J.getBCHTypeInfo(l);for(let f=0;f<15;f+=1){let b=!m&&(c>>f&1)==1;f<6?r[f][8]=b:f<8?r[f+1][8]=b:r[o-15+f][8]=b}for(let f=0;f<15;f+=1){let b=!m&&(c>>f&1)==1;f<8?r[8][o-f-1]=b:f<9?r[8][15-f-1+1]=b:r[8][15-f-1]=b}r[o-8][8]=!m},M=function(m,v){let l=-1,c=o-1,f=7,b=0,$=J.getMaskFunction(v);for(let E=o-1;E>0;E-=2)for(E==6&&(E-=1);;){for(let N=0;N<2;N+=1)if(r[c][E-N]==null){let I=!1;b<m.length&&(I=(m[b]>>>f&1)==1),$(c,E-N)&&(I=!I),r[c][E-N]=I,f-=1,f==-1&&(b+=1,f=7)}if(c+=l,c<0||o<=c){c-=l,l=-l;break}}},ee=function(m,v){let l=0,c=0,f=0,b=new Array(v.length),$=new Array(v.length);for(let x=0;x<v.length;x+=1){let L=v[x].dataCount,O=v[x].totalCount-L;c=Math.max(c,L),f=Math.max(f,O),b[x]=new Array(L);for(let Z=0;Z<b[x].length;Z+=1)b[x][Z]=255&m.getBuffer()[Z+l];l+=L;let Be=J.getErrorCorrectPolynomial(O),tt=ge(b[x],Be.getLength()-1).mod(Be);$[x]=new Array(Be.getLength()-1);for(let Z=0;Z<$[x].length;Z+=1){let nt=Z+tt.getLength()-$[x].length;$[x][Z]=nt>=0?tt.getAt(nt):0}}let E=0;for(let x=0;x<v.length;x+=1)E+=v[x].totalCount;let N=new Array(E),I=0;for(let x=0;x<c;x+=1)for(let L=0;L<v.length;L+=1)x<b[L].length&&(N[I]=b[L][x],I+=1);for(let x=0;x<f;x+=1)for(let L=0;L<v.length;L+=1)x<$[L].length&&(N[I]=$[L][x],I+=1);return N},le=function(m,v,l){let c=Ft.getRSBlocks(m,v),f=Ut();for(let $=0;$<l.length;$+=1){let E=l[$];f.put(E.getMode(),4),f.put(E.getLength(),J.getLengthInBits(E.getMode(),m)),E.write(f)}let b=0;for(let $=0;$<c.length;$+=1)b+=c[$].dataCount;if(f.getLengthInBits()>b*8)throw"code length overflow. ("+f.getLengthInBits()+">"+b*8+")";for(f.getLengthInBits()+4<=b*8&&f.put(0,4);f.getLengthInBits()%8!=0;)f.putBit(!1);for(;!(f.getLengthInBits()>=b*8||(f.put(236,8),f.getLengthInBits()>=b*8));)f.put(17,8);return ee(f,c)};y.addData=function(m,v){v=v||"Byte";let l=null;switch(v){case"Numeric":l=Yn(m);break;case"Alphanumeric":l=Jn(m);break;case"Byte":l=Xn(m);break;case"Kanji":l=ei(m);break;default:throw"mode:"+v}p.push(l),u=null},y.isDark=function(m,v){if(m<0||o<=m||v<0||o<=v)throw m+","+v;return r[m][v]},y.getModuleCount=function(){return o},y.make=function(){if(s<1){let m=1;for(;m<40;m++){let v=Ft.getRSBlocks(m,a),l=Ut();for(let f=0;f<p.length;f++){let b=p[f];l.put(b.getMode(),4),l.put(b.getLength(),J.getLengthInBits(b.getMode(),m)),b.write(l)}let c=0;for(let f=0;f<v.length;f++)c+=v[f].dataCount;if(l.getLengthInBits()<=c*8)break}s=m}w(!1,k())},y.createTableTag=function(m,v){m=m||2,v=typeof v>"u"?m*4:v;let l="";l+='<table style="',l+=" border-width: 0px; border-style: none;",l+=" border-collapse: collapse;",l+=" padding: 0px; margin: "+v+"px;",l+='">',l+="<tbody>";for(let c=0;c<y.getModuleCount();c+=1){l+="<tr>";for(let f=0;f<y.getModuleCount();f+=1)l+='<td style="',l+=" border-width: 0px; border-style: none;",l+=" border-collapse: collapse;",l+=" padding: 0px; margin: 0px;",l+=" width: "+m+"px;",l+=" height: "+m+"px;",l+=" background-color: ",l+=y.isDark(c,f)?"#000000":"#ffffff",l+=";",l+='"/>';l+="</tr>"}return l+="</tbody>",l+="</table>",l},y.createSvgTag=function(m,v,l,c){let f={};typeof arguments[0]=="object"&&(f=arguments[0],m=f.cellSize,v=f.margin,l=f.alt,c=f.title),m=m||2,v=typeof v>"u"?m*4:v,l=typeof l=="string"?{text:l}:l||{},l.text=l.text||null,l.id=l.text?l.id||"qrcode-description":null,c=typeof c=="string"?{text:c}:c||{},c.text=c.text||null,c.id=c.text?c.id||"qrcode-title":null;let b=y.getModuleCount()*m+v*2,$,E,N,I,x="",L;for(L="l"+m+",0 0,"+m+" -"+m+",0 0,-"+m+"z ",x+='<svg version="1.1" xmlns="http://www.w3.org/2000/svg"',x+=f.scalable?"":' width="'+b+'px" height="'+b+'px"',x+=' viewBox="0 0 '+b+" "+b+'" ',x+=' preserveAspectRatio="xMinYMin meet"',x+=c.text||l.text?' role="img" aria-labelledby="'+U([c.id,l.id].join(" ").trim())+'"':"",x+=">",x+=c.text?'<title id="'+U(c.id)+'">'+U(c.text)+"</title>":"",x+=l.text?'<description id="'+U(l.id)+'">'+U(l.text)+"</description>":"",x+='<rect width="100%" height="100%" fill="white" cx="0" cy="0"/>',x+='<path d="',N=0;N<y.getModuleCount();N+=1)for(I=N*m+v,$=0;$<y.getModuleCount();$+=1)y.isDark(N,$)&&(E=$*m+v,x+="M"+E+","+I+L);return x+='" stroke="transparent" fill="black"/>',x+="</svg>",x},y.createDataURL=function(m,v){m=m||2,v=typeof v>"u"?m*4:v;let l=y.getModuleCount()*m+v*2,c=v,f=l-v;return si(l,l,function(b,$){if(c<=b&&b<f&&c<=$&&$<f){let E=Math.floor((b-c)/m),N=Math.floor(($-c)/m);return y.isDark(N,E)?0:1}else return 1})},y.createImgTag=function(m,v,l){m=m||2,v=typeof v>"u"?m*4:v;let c=y.getModuleCount()*m+v*2,f="";return f+="<img",f+=' src="',f+=y.createDataURL(m,v),f+='"',f+=' width="',f+=c,f+='"',f+=' height="',f+=c,f+='"',l&&(f+=' alt="',f+=U(l),f+='"'),f+="/>",f};let U=function(m){let v="";for(let l=0;l<m.length;l+=1){let c=m.charAt(l);switch(c){case"<":v+="&lt;";break;case">":v+="&gt;";break;case"&":v+="&amp;";break;case'"':v+="&quot;";break;default:v+=c;break}}return v},te=function(m){m=typeof m>"u"?2:m;let l=y.getModuleCount()*1+m*2,c=m,f=l-m,b,$,E,N,I,x={"██":"█","█ ":"▀"," █":"▄","  ":" "},L={"██":"▀","█ ":"▀"," █":" ","  ":" "},O="";for(b=0;b<l;b+=2){for(E=Math.floor((b-c)/1),N=Math.floor((b+1-c)/1),$=0;$<l;$+=1)I="█",c<=$&&$<f&&c<=b&&b<f&&y.isDark(E,Math.floor(($-c)/1))&&(I=" "),c<=$&&$<f&&c<=b+1&&b+1<f&&y.isDark(N,Math.floor(($-c)/1))?I+=" ":I+="█",O+=m<1&&b+1>=f?L[I]:x[I];O+=`
`}return l%2&&m>0?O.substring(0,O.length-l-1)+Array(l+1).join("▀"):O.substring(0,O.length-1)};return y.createASCII=function(m,v){if(m=m||1,m<2)return te(v);m-=1,v=typeof v>"u"?m*2:v;let l=y.getModuleCount()*m+v*2,c=v,f=l-v,b,$,E,N,I=Array(m+1).join("██"),x=Array(m+1).join("  "),L="",O="";for(b=0;b<l;b+=1){for(E=Math.floor((b-c)/m),O="",$=0;$<l;$+=1)N=1,c<=$&&$<f&&c<=b&&b<f&&y.isDark(E,Math.floor(($-c)/m))&&(N=0),O+=N?I:x;for(E=0;E<m;E+=1)L+=O+`
`}return L.substring(0,L.length-1)},y.renderTo2dContext=function(m,v){v=v||2;let l=y.getModuleCount();for(let c=0;c<l;c++)for(let f=0;f<l;f++)m.fillStyle=y.isDark(c,f)?"black":"white",m.fillRect(f*v,c*v,v,v)},y};oe.stringToBytes=function(t){let e=[];for(let n=0;n<t.length;n+=1){let i=t.charCodeAt(n);e.push(i&255)}return e};oe.createStringToBytes=function(t,e){let n=(function(){let s=ni(t),a=function(){let u=s.read();if(u==-1)throw"eof";return u},r=0,o={};for(;;){let u=s.read();if(u==-1)break;let p=a(),y=a(),w=a(),g=String.fromCharCode(u<<8|p),k=y<<8|w;o[g]=k,r+=1}if(r!=e)throw r+" != "+e;return o})(),i=63;return function(s){let a=[];for(let r=0;r<s.length;r+=1){let o=s.charCodeAt(r);if(o<128)a.push(o);else{let u=n[s.charAt(r)];typeof u=="number"?(u&255)==u?a.push(u):(a.push(u>>>8),a.push(u&255)):a.push(i)}}return a}};var z={MODE_NUMBER:1,MODE_ALPHA_NUM:2,MODE_8BIT_BYTE:4,MODE_KANJI:8},pe={L:1,M:0,Q:3,H:2},Y={PATTERN000:0,PATTERN001:1,PATTERN010:2,PATTERN011:3,PATTERN100:4,PATTERN101:5,PATTERN110:6,PATTERN111:7},J=(function(){let t=[[],[6,18],[6,22],[6,26],[6,30],[6,34],[6,22,38],[6,24,42],[6,26,46],[6,28,50],[6,30,54],[6,32,58],[6,34,62],[6,26,46,66],[6,26,48,70],[6,26,50,74],[6,30,54,78],[6,30,56,82],[6,30,58,86],[6,34,62,90],[6,28,50,72,94],[6,26,50,74,98],[6,30,54,78,102],[6,28,54,80,106],[6,32,58,84,110],[6,30,58,86,114],[6,34,62,90,118],[6,26,50,74,98,122],[6,30,54,78,102,126],[6,26,52,78,104,130],[6,30,56,82,108,134],[6,34,60,86,112,138],[6,30,58,86,114,142],[6,34,62,90,118,146],[6,30,54,78,102,126,150],[6,24,50,76,102,128,154],[6,28,54,80,106,132,158],[6,32,58,84,110,136,162],[6,26,54,82,110,138,166],[6,30,58,86,114,142,170]],e=1335,n=7973,i=21522,s={},a=function(r){let o=0;for(;r!=0;)o+=1,r>>>=1;return o};return s.getBCHTypeInfo=function(r){let o=r<<10;for(;a(o)-a(e)>=0;)o^=e<<a(o)-a(e);return(r<<10|o)^i},s.getBCHTypeNumber=function(r){let o=r<<12;for(;a(o)-a(n)>=0;)o^=n<<a(o)-a(n);return r<<12|o},s.getPatternPosition=function(r){return t[r-1]},s.getMaskFunction=function(r){switch(r){case Y.PATTERN000:return function(o,u){return(o+u)%2==0};case Y.PATTERN001:return function(o,u){return o%2==0};case Y.PATTERN010:return function(o,u){return u%3==0};case Y.PATTERN011:return function(o,u){return(o+u)%3==0};case Y.PATTERN100:return function(o,u){return(Math.floor(o/2)+Math.floor(u/3))%2==0};case Y.PATTERN101:return function(o,u){return o*u%2+o*u%3==0};case Y.PATTERN110:return function(o,u){return(o*u%2+o*u%3)%2==0};case Y.PATTERN111:return function(o,u){return(o*u%3+(o+u)%2)%2==0};default:throw"bad maskPattern:"+r}},s.getErrorCorrectPolynomial=function(r){let o=ge([1],0);for(let u=0;u<r;u+=1)o=o.multiply(ge([1,X.gexp(u)],0));return o},s.getLengthInBits=function(r,o){if(1<=o&&o<10)switch(r){case z.MODE_NUMBER:return 10;case z.MODE_ALPHA_NUM:return 9;case z.MODE_8BIT_BYTE:return 8;case z.MODE_KANJI:return 8;default:throw"mode:"+r}else if(o<27)switch(r){case z.MODE_NUMBER:return 12;case z.MODE_ALPHA_NUM:return 11;case z.MODE_8BIT_BYTE:return 16;case z.MODE_KANJI:return 10;default:throw"mode:"+r}else if(o<41)switch(r){case z.MODE_NUMBER:return 14;case z.MODE_ALPHA_NUM:return 13;case z.MODE_8BIT_BYTE:return 16;case z.MODE_KANJI:return 12;default:throw"mode:"+r}else throw"type:"+o},s.getLostPoint=function(r){let o=r.getModuleCount(),u=0;for(let w=0;w<o;w+=1)for(let g=0;g<o;g+=1){let k=0,T=r.isDark(w,g);for(let S=-1;S<=1;S+=1)if(!(w+S<0||o<=w+S))for(let D=-1;D<=1;D+=1)g+D<0||o<=g+D||S==0&&D==0||T==r.isDark(w+S,g+D)&&(k+=1);k>5&&(u+=3+k-5)}for(let w=0;w<o-1;w+=1)for(let g=0;g<o-1;g+=1){let k=0;r.isDark(w,g)&&(k+=1),r.isDark(w+1,g)&&(k+=1),r.isDark(w,g+1)&&(k+=1),r.isDark(w+1,g+1)&&(k+=1),(k==0||k==4)&&(u+=3)}for(let w=0;w<o;w+=1)for(let g=0;g<o-6;g+=1)r.isDark(w,g)&&!r.isDark(w,g+1)&&r.isDark(w,g+2)&&r.isDark(w,g+3)&&r.isDark(w,g+4)&&!r.isDark(w,g+5)&&r.isDark(w,g+6)&&(u+=40);for(let w=0;w<o;w+=1)for(let g=0;g<o-6;g+=1)r.isDark(g,w)&&!r.isDark(g+1,w)&&r.isDark(g+2,w)&&r.isDark(g+3,w)&&r.isDark(g+4,w)&&!r.isDark(g+5,w)&&r.isDark(g+6,w)&&(u+=40);let p=0;for(let w=0;w<o;w+=1)for(let g=0;g<o;g+=1)r.isDark(g,w)&&(p+=1);let y=Math.abs(100*p/o/o-50)/5;return u+=y*10,u},s})(),X=(function(){let t=new Array(256),e=new Array(256);for(let i=0;i<8;i+=1)t[i]=1<<i;for(let i=8;i<256;i+=1)t[i]=t[i-4]^t[i-5]^t[i-6]^t[i-8];for(let i=0;i<255;i+=1)e[t[i]]=i;let n={};return n.glog=function(i){if(i<1)throw"glog("+i+")";return e[i]},n.gexp=function(i){for(;i<0;)i+=255;for(;i>=256;)i-=255;return t[i]},n})(),ge=function(t,e){if(typeof t.length>"u")throw t.length+"/"+e;let n=(function(){let s=0;for(;s<t.length&&t[s]==0;)s+=1;let a=new Array(t.length-s+e);for(let r=0;r<t.length-s;r+=1)a[r]=t[r+s];return a})(),i={};return i.getAt=function(s){return n[s]},i.getLength=function(){return n.length},i.multiply=function(s){let a=new Array(i.getLength()+s.getLength()-1);for(let r=0;r<i.getLength();r+=1)for(let o=0;o<s.getLength();o+=1)a[r+o]^=X.gexp(X.glog(i.getAt(r))+X.glog(s.getAt(o)));return ge(a,0)},i.mod=function(s){if(i.getLength()-s.getLength()<0)return i;let a=X.glog(i.getAt(0))-X.glog(s.getAt(0)),r=new Array(i.getLength());for(let o=0;o<i.getLength();o+=1)r[o]=i.getAt(o);for(let o=0;o<s.getLength();o+=1)r[o]^=X.gexp(X.glog(s.getAt(o))+a);return ge(r,0).mod(s)},i},Ft=(function(){let t=[[1,26,19],[1,26,16],[1,26,13],[1,26,9],[1,44,34],[1,44,28],[1,44,22],[1,44,16],[1,70,55],[1,70,44],[2,35,17],[2,35,13],[1,100,80],[2,50,32],[2,50,24],[4,25,9],[1,134,108],[2,67,43],[2,33,15,2,34,16],[2,33,11,2,34,12],[2,86,68],[4,43,27],[4,43,19],[4,43,15],[2,98,78],[4,49,31],[2,32,14,4,33,15],[4,39,13,1,40,14],[2,121,97],[2,60,38,2,61,39],[4,40,18,2,41,19],[4,40,14,2,41,15],[2,146,116],[3,58,36,2,59,37],[4,36,16,4,37,17],[4,36,12,4,37,13],[2,86,68,2,87,69],[4,69,43,1,70,44],[6,43,19,2,44,20],[6,43,15,2,44,16],[4,101,81],[1,80,50,4,81,51],[4,50,22,4,51,23],[3,36,12,8,37,13],[2,116,92,2,117,93],[6,58,36,2,59,37],[4,46,20,6,47,21],[7,42,14,4,43,15],[4,133,107],[8,59,37,1,60,38],[8,44,20,4,45,21],[12,33,11,4,34,12],[3,145,115,1,146,116],[4,64,40,5,65,41],[11,36,16,5,37,17],[11,36,12,5,37,13],[5,109,87,1,110,88],[5,65,41,5,66,42],[5,54,24,7,55,25],[11,36,12,7,37,13],[5,122,98,1,123,99],[7,73,45,3,74,46],[15,43,19,2,44,20],[3,45,15,13,46,16],[1,135,107,5,136,108],[10,74,46,1,75,47],[1,50,22,15,51,23],[2,42,14,17,43,15],[5,150,120,1,151,121],[9,69,43,4,70,44],[17,50,22,1,51,23],[2,42,14,19,43,15],[3,141,113,4,142,114],[3,70,44,11,71,45],[17,47,21,4,48,22],[9,39,13,16,40,14],[3,135,107,5,136,108],[3,67,41,13,68,42],[15,54,24,5,55,25],[15,43,15,10,44,16],[4,144,116,4,145,117],[17,68,42],[17,50,22,6,51,23],[19,46,16,6,47,17],[2,139,111,7,140,112],[17,74,46],[7,54,24,16,55,25],[34,37,13],[4,151,121,5,152,122],[4,75,47,14,76,48],[11,54,24,14,55,25],[16,45,15,14,46,16],[6,147,117,4,148,118],[6,73,45,14,74,46],[11,54,24,16,55,25],[30,46,16,2,47,17],[8,132,106,4,133,107],[8,75,47,13,76,48],[7,54,24,22,55,25],[22,45,15,13,46,16],[10,142,114,2,143,115],[19,74,46,4,75,47],[28,50,22,6,51,23],[33,46,16,4,47,17],[8,152,122,4,153,123],[22,73,45,3,74,46],[8,53,23,26,54,24],[12,45,15,28,46,16],[3,147,117,10,148,118],[3,73,45,23,74,46],[4,54,24,31,55,25],[11,45,15,31,46,16],[7,146,116,7,147,117],[21,73,45,7,74,46],[1,53,23,37,54,24],[19,45,15,26,46,16],[5,145,115,10,146,116],[19,75,47,10,76,48],[15,54,24,25,55,25],[23,45,15,25,46,16],[13,145,115,3,146,116],[2,74,46,29,75,47],[42,54,24,1,55,25],[23,45,15,28,46,16],[17,145,115],[10,74,46,23,75,47],[10,54,24,35,55,25],[19,45,15,35,46,16],[17,145,115,1,146,116],[14,74,46,21,75,47],[29,54,24,19,55,25],[11,45,15,46,46,16],[13,145,115,6,146,116],[14,74,46,23,75,47],[44,54,24,7,55,25],[59,46,16,1,47,17],[12,151,121,7,152,122],[12,75,47,26,76,48],[39,54,24,14,55,25],[22,45,15,41,46,16],[6,151,121,14,152,122],[6,75,47,34,76,48],[46,54,24,10,55,25],[2,45,15,64,46,16],[17,152,122,4,153,123],[29,74,46,14,75,47],[49,54,24,10,55,25],[24,45,15,46,46,16],[4,152,122,18,153,123],[13,74,46,32,75,47],[48,54,24,14,55,25],[42,45,15,32,46,16],[20,147,117,4,148,118],[40,75,47,7,76,48],[43,54,24,22,55,25],[10,45,15,67,46,16],[19,148,118,6,149,119],[18,75,47,31,76,48],[34,54,24,34,55,25],[20,45,15,61,46,16]],e=function(s,a){let r={};return r.totalCount=s,r.dataCount=a,r},n={},i=function(s,a){switch(a){case pe.L:return t[(s-1)*4+0];case pe.M:return t[(s-1)*4+1];case pe.Q:return t[(s-1)*4+2];case pe.H:return t[(s-1)*4+3];default:return}};return n.getRSBlocks=function(s,a){let r=i(s,a);if(typeof r>"u")throw"bad rs block @ typeNumber:"+s+"/errorCorrectionLevel:"+a;let o=r.length/3,u=[];for(let p=0;p<o;p+=1){let y=r[p*3+0],w=r[p*3+1],g=r[p*3+2];for(let k=0;k<y;k+=1)u.push(e(w,g))}return u},n})(),Ut=function(){let t=[],e=0,n={};return n.getBuffer=function(){return t},n.getAt=function(i){let s=Math.floor(i/8);return(t[s]>>>7-i%8&1)==1},n.put=function(i,s){for(let a=0;a<s;a+=1)n.putBit((i>>>s-a-1&1)==1)},n.getLengthInBits=function(){return e},n.putBit=function(i){let s=Math.floor(e/8);t.length<=s&&t.push(0),i&&(t[s]|=128>>>e%8),e+=1},n},Yn=function(t){let e=z.MODE_NUMBER,n=t,i={};i.getMode=function(){return e},i.getLength=function(r){return n.length},i.write=function(r){let o=n,u=0;for(;u+2<o.length;)r.put(s(o.substring(u,u+3)),10),u+=3;u<o.length&&(o.length-u==1?r.put(s(o.substring(u,u+1)),4):o.length-u==2&&r.put(s(o.substring(u,u+2)),7))};let s=function(r){let o=0;for(let u=0;u<r.length;u+=1)o=o*10+a(r.charAt(u));return o},a=function(r){if("0"<=r&&r<="9")return r.charCodeAt(0)-48;throw"illegal char :"+r};return i},Jn=function(t){let e=z.MODE_ALPHA_NUM,n=t,i={};i.getMode=function(){return e},i.getLength=function(a){return n.length},i.write=function(a){let r=n,o=0;for(;o+1<r.length;)a.put(s(r.charAt(o))*45+s(r.charAt(o+1)),11),o+=2;o<r.length&&a.put(s(r.charAt(o)),6)};let s=function(a){if("0"<=a&&a<="9")return a.charCodeAt(0)-48;if("A"<=a&&a<="Z")return a.charCodeAt(0)-65+10;switch(a){case" ":return 36;case"$":return 37;case"%":return 38;case"*":return 39;case"+":return 40;case"-":return 41;case".":return 42;case"/":return 43;case":":return 44;default:throw"illegal char :"+a}};return i},Xn=function(t){let e=z.MODE_8BIT_BYTE,n=t,i=oe.stringToBytes(t),s={};return s.getMode=function(){return e},s.getLength=function(a){return i.length},s.write=function(a){for(let r=0;r<i.length;r+=1)a.put(i[r],8)},s},ei=function(t){let e=z.MODE_KANJI,n=t,i=oe.stringToBytes;(function(r,o){let u=i(r);if(u.length!=2||(u[0]<<8|u[1])!=o)throw"sjis not supported."})("友",38726);let s=i(t),a={};return a.getMode=function(){return e},a.getLength=function(r){return~~(s.length/2)},a.write=function(r){let o=s,u=0;for(;u+1<o.length;){let p=(255&o[u])<<8|255&o[u+1];if(33088<=p&&p<=40956)p-=33088;else if(57408<=p&&p<=60351)p-=49472;else throw"illegal char at "+(u+1)+"/"+p;p=(p>>>8&255)*192+(p&255),r.put(p,13),u+=2}if(u<o.length)throw"illegal char at "+(u+1)},a},Vt=function(){let t=[],e={};return e.writeByte=function(n){t.push(n&255)},e.writeShort=function(n){e.writeByte(n),e.writeByte(n>>>8)},e.writeBytes=function(n,i,s){i=i||0,s=s||n.length;for(let a=0;a<s;a+=1)e.writeByte(n[a+i])},e.writeString=function(n){for(let i=0;i<n.length;i+=1)e.writeByte(n.charCodeAt(i))},e.toByteArray=function(){return t},e.toString=function(){let n="";n+="[";for(let i=0;i<t.length;i+=1)i>0&&(n+=","),n+=t[i];return n+="]",n},e},ti=function(){let t=0,e=0,n=0,i="",s={},a=function(o){i+=String.fromCharCode(r(o&63))},r=function(o){if(o<0)throw"n:"+o;if(o<26)return 65+o;if(o<52)return 97+(o-26);if(o<62)return 48+(o-52);if(o==62)return 43;if(o==63)return 47;throw"n:"+o};return s.writeByte=function(o){for(t=t<<8|o&255,e+=8,n+=1;e>=6;)a(t>>>e-6),e-=6},s.flush=function(){if(e>0&&(a(t<<6-e),t=0,e=0),n%3!=0){let o=3-n%3;for(let u=0;u<o;u+=1)i+="="}},s.toString=function(){return i},s},ni=function(t){let e=t,n=0,i=0,s=0,a={};a.read=function(){for(;s<8;){if(n>=e.length){if(s==0)return-1;throw"unexpected end of file./"+s}let u=e.charAt(n);if(n+=1,u=="=")return s=0,-1;if(u.match(/^\s$/))continue;i=i<<6|r(u.charCodeAt(0)),s+=6}let o=i>>>s-8&255;return s-=8,o};let r=function(o){if(65<=o&&o<=90)return o-65;if(97<=o&&o<=122)return o-97+26;if(48<=o&&o<=57)return o-48+52;if(o==43)return 62;if(o==47)return 63;throw"c:"+o};return a},ii=function(t,e){let n=t,i=e,s=new Array(t*e),a={};a.setPixel=function(p,y,w){s[y*n+p]=w},a.write=function(p){p.writeString("GIF87a"),p.writeShort(n),p.writeShort(i),p.writeByte(128),p.writeByte(0),p.writeByte(0),p.writeByte(0),p.writeByte(0),p.writeByte(0),p.writeByte(255),p.writeByte(255),p.writeByte(255),p.writeString(","),p.writeShort(0),p.writeShort(0),p.writeShort(n),p.writeShort(i),p.writeByte(0);let y=2,w=o(y);p.writeByte(y);let g=0;for(;w.length-g>255;)p.writeByte(255),p.writeBytes(w,g,255),g+=255;p.writeByte(w.length-g),p.writeBytes(w,g,w.length-g),p.writeByte(0),p.writeString(";")};let r=function(p){let y=p,w=0,g=0,k={};return k.write=function(T,S){if(T>>>S)throw"length over";for(;w+S>=8;)y.writeByte(255&(T<<w|g)),S-=8-w,T>>>=8-w,g=0,w=0;g=T<<w|g,w=w+S},k.flush=function(){w>0&&y.writeByte(g)},k},o=function(p){let y=1<<p,w=(1<<p)+1,g=p+1,k=u();for(let M=0;M<y;M+=1)k.add(String.fromCharCode(M));k.add(String.fromCharCode(y)),k.add(String.fromCharCode(w));let T=Vt(),S=r(T);S.write(y,g);let D=0,_=String.fromCharCode(s[D]);for(D+=1;D<s.length;){let M=String.fromCharCode(s[D]);D+=1,k.contains(_+M)?_=_+M:(S.write(k.indexOf(_),g),k.size()<4095&&(k.size()==1<<g&&(g+=1),k.add(_+M)),_=M)}return S.write(k.indexOf(_),g),S.write(w,g),S.flush(),T.toByteArray()},u=function(){let p={},y=0,w={};return w.add=function(g){if(w.contains(g))throw"dup key:"+g;p[g]=y,y+=1},w.size=function(){return y},w.indexOf=function(g){return p[g]},w.contains=function(g){return typeof p[g]<"u"},w};return a},si=function(t,e,n){let i=ii(t,e);for(let o=0;o<e;o+=1)for(let u=0;u<t;u+=1)i.setPixel(u,o,n(u,o));let s=Vt();i.write(s);let a=ti(),r=s.toByteArray();for(let o=0;o<r.length;o+=1)a.writeByte(r[o]);return a.flush(),"data:image/gif;base64,"+a},Gt=oe,hs=oe.stringToBytes;var Qe="http://www.w3.org/2000/svg",oi=/^[0-9A-Z $%*+\-./:]*$/;function ri(t,e="M"){let n=Gt(0,e);n.addData(t,oi.test(t)?"Alphanumeric":"Byte"),n.make();let i=n.getModuleCount(),s=[];for(let a=0;a<i;a++){let r=[];for(let o=0;o<i;o++)r.push(n.isDark(a,o));s.push(r)}return s}function Zt(t,e,n=4,i="M"){let s=ri(t,i),a=s.length,r=a+2*n,o="";for(let w=0;w<a;w++)for(let g=0;g<a;){if(!s[w][g]){g++;continue}let k=1;for(;g+k<a&&s[w][g+k];)k++;o+=`M${g+n} ${w+n}h${k}v1h-${k}z`,g+=k}let u=document.createElementNS(Qe,"svg");u.setAttribute("viewBox",`0 0 ${r} ${r}`),u.setAttribute("role","img"),u.setAttribute("aria-label",e),u.setAttribute("shape-rendering","crispEdges"),u.setAttribute("class","qr");let p=document.createElementNS(Qe,"rect");p.setAttribute("width",String(r)),p.setAttribute("height",String(r)),p.setAttribute("fill","#ffffff");let y=document.createElementNS(Qe,"path");return y.setAttribute("d",o),y.setAttribute("fill","#000000"),u.append(p,y),u}var ai=15e3,li=5,Kt=()=>d("host-title");Ke("host",{});var De=document.getElementById("main"),H=null,ve=null,A=null,P=null,F=[],Ye=new Set,we=new Set,Ne=[],j=Mt({getSession:()=>H,signedOut:()=>Ie(d("host-session-ended")),timeoutMs:ai});function ie(t,e){let n=d(`host-action-${e}`);return t.network?d("host-problem-network",{action:n}):t.status===403?d("host-problem-forbidden",{action:n,code:t.code||"403"}):t.status===429?d("host-problem-rate-limited"):d("host-problem-failed",{action:n,reason:t.code?Ve(t.code):d("host-problem-http",{status:String(t.status)})})}var ui=t=>h("p",{role:"alert",class:"alert shown",text:t});function B(t,e){t.replaceChildren(e?ui(e):"")}function ae(t){if(!A)return;let e=h("span",{class:"announcement",text:t});for(A.announcer.append(e);A.announcer.childElementCount>3;)A.announcer.firstElementChild.remove()}var re=t=>Se(t,{year:"numeric",month:"numeric",day:"numeric"});function ye(t,e=Date.now()){if(!Number.isFinite(t))return"";let n=Te(t);return re(t)===re(e)?d("host-when-today",{time:n}):re(t)===re(e+864e5)?d("host-when-tomorrow",{time:n}):d("host-when-day",{day:Se(t,{weekday:"short",day:"numeric",month:"short"}),time:n})}function Qt(t,e){let n=Date.parse(t),i=Date.parse(e);return Number.isFinite(i)?d("host-span",{from:ye(n),until:re(n)===re(i)?Te(i):ye(i)}):ye(n)}var Yt=()=>jt({cls:"muted small zone-note"}),ci=()=>H&&H.label?H.label:d("host-fallback-name"),di=(t,e,n)=>h(t,e,h("bdi",{text:n})),Xe=()=>qt("host");async function Jt(){De.replaceChildren(h("p",{class:"loading",text:d("host-opening")}));let t=await j("GET","/v1/console/session");if(t.ok&&t.body&&t.body.csrf_token)return Xt(t.body,!1);if(t.network||t.status>=500){let e=h("div");B(e,t.network?d("host-start-network"):d("host-start-not-ready",{status:String(t.status)})),Ce(De,h("section",{class:"card signin"},h("h1",{text:d("host-heading")}),e,h("p",{},h("button",{type:"button",class:"primary",onclick:Jt},d("host-try-again"))))),Xe();return}Le()}function hi(t){$t(t.time_zone),!He("host")&&typeof t.default_language=="string"&&t.default_language&&Ke("host",{orgDefault:t.default_language})}async function Xt(t,e){if(t.role!=="host"){let n=String(t.role);return e?(H=t,await j("DELETE","/v1/console/session"),H=null,Le(null,d("host-signin-not-host",{role:n}))):Le(null,d("host-signin-console-session",{role:n}))}H=t,hi(t),pi()}function Le(t,e){let n=h("input",{id:"api-key",type:"password",autocomplete:"off",autocapitalize:"none",spellcheck:"false",required:!0,"aria-describedby":"api-key-help"}),i=h("button",{type:"submit",class:"primary",text:d("host-sign-in")}),s=h("div",{class:"error-slot"}),a=h("form",{class:"signin-form",novalidate:!0},h("div",{class:"field"},h("label",{for:"api-key",text:d("host-key")}),n,h("p",{id:"api-key-help",class:"muted",text:d("host-key-help")})),s,h("p",{class:"actions"},i));a.addEventListener("submit",async r=>{r.preventDefault();let o=n.value.trim();if(n.value="",!o){B(s,d("host-key-missing")),n.focus();return}i.disabled=!0,B(s,null);let u=await j("POST","/v1/console/session",{api_key:o});if(i.disabled=!1,u.ok&&u.body&&u.body.csrf_token)return Xt(u.body,!0);let p;u.network?p=d("host-signin-network"):u.status===401?p=d("host-signin-key-refused"):u.status===403?p=d("host-signin-forbidden"):u.status===429?p=d("host-signin-rate-limited"):p=d("host-signin-failed",{code:String(u.code||u.status)}),B(s,p),n.focus()}),Ce(De,h("section",{class:"card signin"},h("h1",{text:d("host-heading")}),h("p",{class:"muted",text:d("host-signin-intro")}),t?h("p",{role:"status",class:"notice",text:t}):null,a,Pt("host"))),Xe(),e&&B(s,e),n.focus()}function en(){ve&&ve.stop(),ve=null,P&&P.teardown&&P.teardown(),P=null;for(let t of Ne)clearInterval(t);Ne=[],window.removeEventListener("hashchange",Je),A=null,F=[],Ye.clear(),we.clear(),document.title=Kt()}function Ie(t){H=null,en(),Le(t)}async function fi(){let t=await j("DELETE","/v1/console/session");if(!Rt(t)){if(t.ok||t.status===401)return Ie(d("host-signed-out"));A&&B(A.errors,ie(t,"sign-out"))}}var mi=()=>[["invite",d("host-tab-invite")],["visits",d("host-tab-visits")]],Wt=t=>d(t==="live"?"host-live":t==="connecting"?"host-connecting":"host-reconnecting");function pi(){en();let t=h("span",{class:"pill connecting",id:"live-state",text:Wt("connecting")}),e=new Map,n=h("nav",{class:"tabs","aria-label":d("host-views")});for(let[k,T]of mi()){let S=h("a",{href:`#${k}`,class:"tab",text:T});e.set(k,S),n.append(S)}let i=h("div",{class:"sr-only","aria-live":"polite","aria-relevant":"additions",id:"announcer"}),s=h("div",{class:"error-slot shell-errors"}),a=h("span",{class:"h-count",text:""}),r=h("ul",{class:"walkin-list","aria-label":d("host-waiting-list")}),o=h("p",{class:"empty muted",text:d("host-waiting-empty")}),u=h("h2",{id:"waiting-heading",tabindex:"-1"},d("host-waiting-heading")," ",a),p=h("section",{class:"waiting card","aria-labelledby":"waiting-heading"},u,o,r),y=h("div",{class:"view",id:"view"}),w=h("div",{class:"host-app"},h("header",{class:"bar host-bar"},h("div",{class:"brand"},h("span",{class:"brand-name",text:"Tessera"}),h("span",{class:"brand-sub",dir:"auto",text:ci()})),h("div",{class:"bar-right"},t,vi(),h("button",{type:"button",class:"bar-button",onclick:fi},d("host-sign-out")))),i,s,h("div",{class:"host-body"},p,h("div",{class:"host-main"},n,y)));De.replaceChildren(w),Xe(),A={livePill:t,tabs:e,announcer:i,errors:s,body:y,waitingList:r,waitingEmpty:o,waitingCount:a,waitingHeading:u,cards:new Map},ve=new _e({EventSourceImpl:window.EventSource,onSet:wi,onState:k=>{A&&(A.livePill.className=`pill ${k}`,A.livePill.textContent=Wt(k))},checkSession:async()=>{let k=await j("GET","/v1/console/session");return k.status===401?"signed-out":k.ok?"signed-in":"unknown"},onSignedOut:()=>Ie(d("host-session-ended"))}),ve.start(),Ne.push(setInterval(tn,1e3));let g=Date.parse(H.expires_at);if(Number.isFinite(g)){let k=g-Date.now();k<2**31-1&&Ne.push(setTimeout(()=>Ie(d("host-session-expired")),Math.max(0,k)))}et(),window.addEventListener("hashchange",Je),Je()}function gi(t){let e=t.replace(/-/g,"+").replace(/_/g,"/").padEnd(Math.ceil(t.length/4)*4,"=");return Uint8Array.from(atob(e),n=>n.charCodeAt(0))}function vi(){if(!("serviceWorker"in navigator)||!("PushManager"in window)||!("Notification"in window)||!window.isSecureContext)return null;let t=h("button",{type:"button",class:"bar-button",id:"push-toggle","aria-pressed":"false",text:d("host-notify-me")}),e=n=>{t.setAttribute("aria-pressed",n?"true":"false"),t.textContent=n?d("host-notifying"):d("host-notify-me")};return navigator.serviceWorker.ready.then(n=>n.pushManager.getSubscription()).then(n=>e(!!n&&Notification.permission==="granted")).catch(()=>{}),t.addEventListener("click",async()=>{t.disabled=!0;try{let n=await navigator.serviceWorker.ready,i=await n.pushManager.getSubscription();if(i&&t.getAttribute("aria-pressed")==="true"){await j("DELETE","/v1/push/subscriptions",{endpoint:i.endpoint}),await i.unsubscribe(),e(!1),ae(d("host-notify-off"));return}if(await Notification.requestPermission()!=="granted"){B(A.errors,d("host-notify-blocked"));return}let s=await j("GET","/v1/push/key");if(!s.ok||!s.body||typeof s.body.public_key!="string"){B(A.errors,ie(s,"notify"));return}let a=i||await n.pushManager.subscribe({userVisibleOnly:!0,applicationServerKey:gi(s.body.public_key)}),r=await j("POST","/v1/push/subscriptions",{...a.toJSON(),language:q()});if(!r.ok){B(A.errors,ie(r,"notify"));return}B(A.errors,null),e(!0),ae(d("host-notify-on"))}catch(n){B(A.errors,d("host-notify-failed",{detail:String(n&&n.message?n.message:n)}))}finally{t.disabled=!1}}),t}function wi(t){if(!A)return;let e=Lt(Ye,t);for(let a of t)Ye.add(a.walk_in_id);let n=new Set(F.map(a=>a.walk_in_id));F=[...t].sort((a,r)=>Date.parse(a.created_at)-Date.parse(r.created_at)),et();let i=!A.seenSet;if(A.seenSet=!0,i&&e.length)ae(e.length===1?We(e[0]):d("host-arrivals",{count:e.length}));else for(let a of e)ae(We(a));if(e.length)try{let a=!navigator.userActivation||navigator.userActivation.hasBeenActive;navigator.vibrate&&a&&navigator.vibrate([120,80,120])}catch{}[...n].some(a=>!t.some(r=>r.walk_in_id===a))&&P&&P.refresh&&P.refresh()}function et(){if(!A)return;let t=new Set(F.map(n=>n.walk_in_id)),e=A.waitingList.contains(document.activeElement);for(let[n,i]of A.cards)t.has(n)||(i.el.remove(),A.cards.delete(n));for(let n of F){let i=A.cards.get(n.walk_in_id);i||(i=yi(n),A.cards.set(n.walk_in_id,i)),A.waitingList.append(i.el)}A.waitingEmpty.hidden=F.length>0,A.waitingCount.textContent=F.length?he(F.length):"",document.title=F.length?d("host-title-waiting",{count:F.length}):Kt(),e&&!A.waitingList.contains(document.activeElement)&&(A.waitingList.querySelector("button.approve:not(:disabled)")||A.waitingHeading).focus({preventScroll:!1}),tn()}function yi(t){let e=`walkin-${t.walk_in_id}`,n=h("span",{class:"walkin-timer","aria-hidden":"true"}),i=h("div",{class:"error-slot"}),s=h("button",{type:"button",class:"approve","aria-describedby":e,text:d("host-approve")}),a=h("button",{type:"button",class:"deny","aria-describedby":e,text:d("host-deny")}),r=Date.parse(t.created_at),o=t.gate_label?d("host-walk-in-at",{gate:t.gate_label}):d("host-walk-in-at-any-gate"),u=h("li",{class:"walkin"},h("div",{class:"walkin-top"},di("h3",{id:e,class:"walkin-name"},t.visitor_name),n),h("p",{class:"walkin-where"},Number.isFinite(r)?d("host-walk-in-where-asked",{where:o,time:Te(r)}):o),t.note?h("p",{class:"walkin-note"},h("span",{class:"sr-only",text:d("host-note-label")})," ",h("bdi",{text:t.note})):null,h("div",{class:"walkin-actions"},s,a),i);u.dataset.id=t.walk_in_id;let p=async g=>{if(we.has(t.walk_in_id))return;we.add(t.walk_in_id),s.disabled=!0,a.disabled=!0,B(i,null);let k=await j("POST",`/v1/walk-ins/${encodeURIComponent(t.walk_in_id)}/${g}`,{});if(we.delete(t.walk_in_id),!A)return;if(k.ok){ae(g==="approve"?t.gate_label?d("host-approved-at",{name:t.visitor_name,gate:t.gate_label}):d("host-approved",{name:t.visitor_name}):d("host-denied",{name:t.visitor_name})),F=F.filter(S=>S.walk_in_id!==t.walk_in_id),et(),P&&P.refresh&&P.refresh();return}B(i,It(k,g));let T=k.code==="already_decided"||k.code==="approval_timeout"||k.status===404;s.disabled=T,a.disabled=T};s.addEventListener("click",()=>p("approve")),a.addEventListener("click",()=>p("deny"));let y=(Date.parse(t.expires_at)-r)/1e3,w=Number.isFinite(y)&&y>0?Math.min(30,y/4):30;return{el:u,timer:n,approve:s,deny:a,expires:Date.parse(t.expires_at),lateS:w}}function tn(){if(!A)return;let t=Date.now();for(let e of A.cards.values()){if(!Number.isFinite(e.expires)){e.timer.textContent="";continue}let{left:n,text:i}=Nt(e.expires,t);e.timer.textContent=n>0?d("host-time-left",{time:i}):d("host-time-up"),e.timer.classList.toggle("late",n<=e.lateS),n===0&&!we.has(e.el.dataset.id)&&(e.approve.disabled=!0,e.deny.disabled=!0)}}function Je(){if(!A)return;let t=location.hash.replace(/^#/,"")==="visits"?"visits":"invite";P&&P.teardown&&P.teardown(),B(A.errors,null);for(let[e,n]of A.tabs)e===t?n.setAttribute("aria-current","page"):n.removeAttribute("aria-current");P=t==="visits"?xi():bi(),Ce(A.body,P.root)}function bi(){let{from:t,until:e}=Ze(Date.now()),n=h("input",{id:"visitor-name",type:"text",autocomplete:"off",maxlength:"200",required:!0,enterkeyhint:"next"}),i=h("input",{id:"valid-from",type:"datetime-local",value:me(t),required:!0}),s=h("input",{id:"valid-until",type:"datetime-local",value:me(e),required:!0}),a=h("input",{id:"visitor-email",type:"email",autocomplete:"off",maxlength:"254",inputmode:"email",dir:"ltr","aria-describedby":"visitor-email-help"}),r=h("select",{id:"visitor-language"},Ee().map(T=>h("option",{value:T.tag,lang:T.tag,dir:T.dir,selected:T.tag===q()},T.name))),o=h("div",{class:"error-slot"}),u=h("button",{type:"submit",class:"primary",text:d("host-create-invitation")}),p=h("div",{class:"invite-result"}),y=Ae()?h("p",{class:"muted small zone-note",text:d("host-invite-device-time",{zone:Ue()})}):null,w=h("form",{class:"invite-form",novalidate:!0},h("div",{class:"field"},h("label",{for:"visitor-name",text:d("host-visitor-name")}),n),h("div",{class:"field-row"},h("div",{class:"field"},h("label",{for:"valid-from",text:d("host-valid-from")}),i),h("div",{class:"field"},h("label",{for:"valid-until",text:d("host-valid-until")}),s)),h("p",{class:"muted small",text:d("host-valid-help")}),y,h("div",{class:"field"},h("label",{for:"visitor-email",text:d("host-visitor-email")}),a,h("p",{id:"visitor-email-help",class:"muted small",text:d("host-visitor-email-help")})),h("div",{class:"field"},h("label",{for:"visitor-language",text:d("host-visitor-language")}),r),o,h("p",{class:"actions"},u)),g={label:n,from:i,until:s,email:a};w.addEventListener("submit",async T=>{T.preventDefault();let S={label:n.value,from:Ge(i.value),until:Ge(s.value),email:a.value,language:r.value},D=_t(S,Date.now());for(let M of Object.values(g))M.removeAttribute("aria-invalid");if(D){B(o,D.message),g[D.field].setAttribute("aria-invalid","true"),g[D.field].focus();return}B(o,null),u.disabled=!0,u.textContent=d("host-creating");let _=await j("POST","/v1/passes",Ct(S));if(u.disabled=!1,u.textContent=d("host-create-invitation"),!_.ok||!_.body||typeof _.body.claim_url!="string"){B(o,_.status===400||_.status===422?d("host-invite-refused",{reason:Ve(_.code)}):ie(_,"invite")),_.status===422&&_.body&&_.body.error&&_.body.error.field==="email"&&a.setAttribute("aria-invalid","true");return}k(S.label.trim(),_.body,S)});let k=(T,S,D)=>{w.hidden=!0;let _=h("input",{id:"claim-link",type:"text",readonly:!0,value:S.claim_url,spellcheck:"false",dir:"ltr","aria-describedby":"claim-link-help"}),M=h("p",{class:"copy-status muted",role:"status"}),ee=h("button",{type:"button",class:"primary",text:d("host-copy-link")});ee.addEventListener("click",async()=>{M.textContent=await zt(S.claim_url,_)?d("host-link-copied"):d("host-link-not-copied")});let le=typeof navigator.share=="function"?h("button",{type:"button",class:"secondary",text:d("host-share"),onclick:()=>navigator.share({title:d("host-share-title",{name:T}),url:S.claim_url}).catch(()=>{})}):null,U=h("h2",{tabindex:"-1",text:d("host-invitation-for",{name:T})}),te=h("button",{type:"button",class:"secondary",text:d("host-invite-again")});te.addEventListener("click",()=>{p.replaceChildren(),w.hidden=!1,n.value="",a.value="",r.value=q();let m=Ze(Date.now());i.value=me(m.from),s.value=me(m.until),n.focus()}),p.replaceChildren(h("section",{class:"card invitation","aria-labelledby":"invitation-heading"},Object.assign(U,{id:"invitation-heading"}),h("p",{class:"muted",text:Qt(new Date(D.from).toISOString(),new Date(D.until).toISOString())}),Yt(),h("div",{class:"invitation-body"},h("figure",{class:"qr-card"},Zt(S.claim_url,d("host-invitation-qr",{name:T})),h("figcaption",{class:"muted small",text:d("host-invitation-qr-caption")})),h("div",{class:"invitation-link"},h("div",{class:"field"},h("label",{for:"claim-link",text:d("host-invitation-link")}),_),S.message_id?h("p",{id:"invitation-mailed",class:"notice small",role:"status",text:d("host-invitation-mailed",{email:D.email.trim()})}):null,h("p",{id:"claim-link-help",class:"warn small",text:d("host-invitation-link-help",{name:T})}),h("p",{class:"actions"},ee,le),M)),h("p",{class:"actions"},te,h("a",{href:"#visits",class:"button link-button",text:d("host-see-visits")})))),U.focus()};return{root:h("section",{class:"panel card invite"},h("h1",{text:d("host-invite-heading")}),h("p",{class:"muted",text:d("host-invite-intro")}),w,p)}}function Ht(t,e){let n=t.kind==="walk_in"?t.gate?d("host-visit-walk-in-at",{gate:t.gate,when:ye(t.at)}):d("host-visit-walk-in",{when:ye(t.at)}):Qt(t.from,t.until),i=h("li",{class:`visit tone-${t.tone}`},h("div",{class:"visit-main"},h("bdi",{class:"visit-name",text:t.name}),h("span",{class:"visit-when muted",text:n}),t.note?h("span",{class:"visit-note muted",text:d("host-visit-note",{note:t.note})}):null),h("span",{class:`badge tone-${t.tone}`,text:t.status}));if(e){let s=h("div",{class:"error-slot"}),a=h("button",{type:"button",class:"quiet small",text:d("host-cancel"),"aria-label":Et("host-cancel","label",{name:t.name})});a.addEventListener("click",async()=>{if(!confirm(d("host-cancel-confirm",{name:t.name})))return;a.disabled=!0;let r=await j("POST",`/v1/passes/${encodeURIComponent(t.id)}/revoke`,{});if(r.ok)return e();a.disabled=!1,B(s,ie(r,"cancel"))}),i.append(h("div",{class:"visit-actions"},a),s)}return i}async function ki(){let t=[],e=null;for(let n=0;n<li;n++){let i=await j("GET",`/v1/passes?limit=100${e?`&cursor=${encodeURIComponent(e)}`:""}`);if(!i.ok||!i.body||!Array.isArray(i.body.passes))return{error:ie(i,"read-passes"),passes:t};if(t.push(...i.body.passes),e=i.body.next_cursor,!e)break}return{passes:t}}async function $i(){let t=await Promise.all(["approved","denied","expired"].map(n=>j("GET",`/v1/walk-ins?state=${n}`))),e=t.find(n=>!n.ok||!n.body||!Array.isArray(n.body.walk_ins));return{error:e?ie(e,"read-walk-ins"):null,walkIns:t.flatMap(n=>n.ok&&n.body&&Array.isArray(n.body.walk_ins)?n.body.walk_ins:[])}}function xi(){let t=h("p",{class:"muted",role:"status",text:d("host-visits-loading")}),e=h("div",{class:"error-slot"}),n=h("ul",{class:"visit-list","aria-label":d("host-visits-upcoming-list")}),i=h("ul",{class:"visit-list","aria-label":d("host-visits-past-list")}),s=h("p",{class:"empty muted",hidden:!0},d("host-visits-upcoming-empty")," ",h("a",{href:"#invite",text:d("host-invite-heading")})),a=h("p",{class:"empty muted",hidden:!0,text:d("host-visits-past-empty")}),r=0,o=!1,u=async()=>{let p=++r,[y,w]=await Promise.all([ki(),$i()]);if(o||p!==r)return;let g=Dt(y.passes,w.walkIns,Date.now());n.replaceChildren(...g.upcoming.map(k=>Ht(k,u))),i.replaceChildren(...g.past.map(k=>Ht(k,null))),s.hidden=g.upcoming.length>0,a.hidden=g.past.length>0,B(e,y.error||w.error||null),t.textContent=d("host-visits-count",{upcoming:g.upcoming.length,past:g.past.length})};return u(),{root:h("section",{class:"panel card visits"},h("div",{class:"view-head"},h("h1",{text:d("host-tab-visits")}),h("button",{type:"button",class:"secondary small",text:d("host-refresh"),onclick:()=>u()})),t,Yt(),e,h("h2",{text:d("host-visits-upcoming")}),s,n,h("h2",{text:d("host-visits-past")}),a,i),refresh:u,teardown:()=>{o=!0}}}"serviceWorker"in navigator&&window.isSecureContext&&navigator.serviceWorker.register("/sw.js",{scope:"/"}).catch(()=>{});Jt();
