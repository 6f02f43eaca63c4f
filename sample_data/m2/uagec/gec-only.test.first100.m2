S # 0002
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Наступного ранку рівно о одинадцятій годині , коли я сидів сам , дядько Том шаштався в готелі і попросив у лікаря підійти і побачити Джанге Банк , хто , воно здавалось , це був майор і дуже хворий чоловік .
A 3 4|||Spelling|||об|||REQUIRED|||-NONE-|||0
A 14 15|||G/UngrammaticalStructure|||шастав|||REQUIRED|||-NONE-|||0
A 15 16|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 26 28|||G/UngrammaticalStructure||||||REQUIRED|||-NONE-|||0
A 29 30|||G/UngrammaticalStructure||||||REQUIRED|||-NONE-|||0
A 3 4|||Spelling|||об|||REQUIRED|||-NONE-|||1

S " Я не є доктор " - сказав я : " Чому вам не піти до лікаря ? " .
A 6 7|||Punctuation|||, —|||REQUIRED|||-NONE-|||0
A 9 10|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 10 11|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 6 7|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 9 10|||Punctuation|||.|||REQUIRED|||-NONE-|||1
A 10 11|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 12 12|||G/UngrammaticalStructure|||б|||REQUIRED|||-NONE-|||1
A 18 20|||Punctuation||||||REQUIRED|||-NONE-|||1

S " Босс " - сказав він : " Доктор Хоскінс має проїхати 20 миль по країні , щоб побачити хворих персон .
A 2 3|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 3 4|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 6 7|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 7 8|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 3 4|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 10 12|||G/Tense|||поїхав на|||REQUIRED|||-NONE-|||1
A 14 16|||G/Tense|||від міста|||REQUIRED|||-NONE-|||1

S Він є єдиний лікар в місті і Масса банки сильно погано обурудувані .
A 1 2|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 4 5|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Він відправив мені , щоб спитав чи погоджуйтеся хоч прийти " .
A 2 3|||G/Case|||мене|||REQUIRED|||-NONE-|||0
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 7 8|||Spelling|||погоджуєтеся|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S " Як чоловік до чоловіка " - я сказав : " Я буду йти і пошукаю його пізніше " .
A 5 6|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 6 7|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 10 11|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 5 6|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 6 7|||Punctuation|||—|||REQUIRED|||-NONE-|||1

S Отже , Я підняв пляшку " Recurrection Bitters " з мого ранця і пішов на схил до майорівського особняку , будинок в місті , з розкішною кришою і два виготовлені залізних собак на газоні .
A 2 3|||Spelling|||я|||REQUIRED|||-NONE-|||0
A 17 19|||G/Case|||особняка|||REQUIRED|||-NONE-|||0
A 19 19|||G/UngrammaticalStructure|||мера|||REQUIRED|||-NONE-|||0
A 21 22|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 25 26|||G/Gender|||розкішним|||REQUIRED|||-NONE-|||0
A 28 32|||G/Case|||двома залізними собаками|||REQUIRED|||-NONE-|||0
A 20 21|||G/UngrammaticalStructure|||міського будинку|||REQUIRED|||-NONE-|||1
A 21 24|||G/UngrammaticalStructure||||||REQUIRED|||-NONE-|||1
A 25 26|||G/UngrammaticalStructure|||розкішним|||REQUIRED|||-NONE-|||1
A 26 27|||G/UngrammaticalStructure|||дахом|||REQUIRED|||-NONE-|||1
A 28 32|||G/UngrammaticalStructure|||двома залізними собаками|||REQUIRED|||-NONE-|||1

S # 0006
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Привіт Настя
A 1 1|||G/Case|||,|||REQUIRED|||-NONE-|||0
A 1 2|||G/Case|||Насте|||REQUIRED|||-NONE-|||0
A 2 2|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 1 1|||G/Case|||,|||REQUIRED|||-NONE-|||1
A 1 2|||G/Case|||Насте|||REQUIRED|||-NONE-|||1
A 2 2|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S А діти в садочку після сніданку гуляють ?
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Щось ми сьогодні не встигаємо до дев'ятої привести
A 8 8|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 8 8|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Дякую за інформацію ! ми з Надією саме вийшли з дому
A 4 5|||Spelling|||Ми|||REQUIRED|||-NONE-|||0
A 11 11|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 4 5|||Spelling|||Ми|||REQUIRED|||-NONE-|||1
A 11 11|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Ми прийшли , але діти ще не гуляють .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Сказали нам почекати поки група вийде .
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Надя щось не в захваті , каже : " не піду ! "
A 9 10|||Spelling|||Не|||REQUIRED|||-NONE-|||0
A 9 10|||Spelling|||Не|||REQUIRED|||-NONE-|||1

S Ох , все дуже заплутано .
A 2 3|||Spelling|||усе|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Ми у вересні подивимось який в Уляни буде розклад в школі й по гуртках , і як воно буде Надії в садочку , і вирішимо як краще ходити .
A 4 4|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 9 10|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 25 25|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 4 4|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 9 10|||Spelling|||у|||REQUIRED|||-NONE-|||1
A 11 13|||G/UngrammaticalStructure|||та|||REQUIRED|||-NONE-|||1
A 25 25|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S В поки що вересень будем повну оплату робити .
A 0 2|||Spelling|||Поки|||REQUIRED|||-NONE-|||0
A 3 4|||G/Case|||вересні|||REQUIRED|||-NONE-|||0
A 0 1|||G/UngrammaticalStructure|||А|||REQUIRED|||-NONE-|||1
A 3 4|||G/Case|||у вересні|||REQUIRED|||-NONE-|||1

S У нас тут ще й в школі незрозуміло .
A 5 6|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 5 6|||Spelling|||у|||REQUIRED|||-NONE-|||1

S Кажуть що діти будуть або через день займатись , або через тиждень .
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 7 8|||Spelling|||займатися|||REQUIRED|||-NONE-|||1

S То ми моде ще й Уляну будемо в совенята через день відправляти
A 2 2|||Spelling|||,|||REQUIRED|||-NONE-|||0
A 2 3|||Spelling|||може|||REQUIRED|||-NONE-|||0
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 2 2|||Spelling|||,|||REQUIRED|||-NONE-|||1
A 2 3|||Spelling|||може|||REQUIRED|||-NONE-|||1
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 8 9|||Spelling|||“ Совенята|||REQUIRED|||-NONE-|||1
A 9 9|||Punctuation|||”|||REQUIRED|||-NONE-|||1
A 12 12|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Всі батьки в шоці ))
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||Spelling|||Усі|||REQUIRED|||-NONE-|||1
A 4 4|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Отож , я й сама ні в чому не впевнена
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 10 10|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S А мені здається що " все " вже не будуть закривати .
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 3 3|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Люди всі втомилися , всім байдуже
A 6 6|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 6 6|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Я збираюся забрати Надію раніше , бо мені сказали що на цьому тижні тільки на прогулянки будут її брати , тобто до обіду .
A 16 17|||Spelling|||будуть|||REQUIRED|||-NONE-|||0
A 9 9|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Я вже поруч з садком в кафе сиджу , розмовляю з замовниками , ніяк не можу закінчити розмову )))
A 3 4|||Spelling|||зі|||REQUIRED|||-NONE-|||0
A 10 11|||Spelling|||зі|||REQUIRED|||-NONE-|||0
A 3 4|||Spelling|||із|||REQUIRED|||-NONE-|||1
A 10 11|||Spelling|||із|||REQUIRED|||-NONE-|||1
A 18 18|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Потім я їй обіцяла зайти в арома каву по какао
A 6 7|||Spelling|||" Арома|||REQUIRED|||-NONE-|||0
A 7 8|||Spelling|||Каву "|||REQUIRED|||-NONE-|||0
A 10 10|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 6 7|||Spelling|||“ Арома|||REQUIRED|||-NONE-|||1
A 8 8|||Punctuation|||”|||REQUIRED|||-NONE-|||1
A 10 10|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S А потім додому підемо
A 4 4|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 4 4|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Краще наступним разом , бо не знаю чи буде Надія в доброму гуморі
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 13 13|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 1 2|||G/Case|||наступного|||REQUIRED|||-NONE-|||1
A 2 3|||G/Case|||разу|||REQUIRED|||-NONE-|||1
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 13 13|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S # 0013
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Та якби ж їх було вдвічі більше , або ж в чотири рази - старий Фіцвіг ідеально б їм підійшов , як і сама місіс Фіцвіг .
A 7 8|||Punctuation||||||REQUIRED|||-NONE-|||0
A 13 14|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 7 8|||Punctuation||||||REQUIRED|||-NONE-|||1
A 10 11|||Spelling|||у|||REQUIRED|||-NONE-|||1
A 13 14|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Що ж до неї , то вона була достойною йому парою в буд-якому розумінні .
A 12 13|||Spelling|||будь-якому|||REQUIRED|||-NONE-|||0
A 12 13|||Spelling|||будь-якому|||REQUIRED|||-NONE-|||1

S Якщо це не висока похвала , то назви вищу , і я скористаюс нею .
A 12 13|||Spelling|||скористаюсь|||REQUIRED|||-NONE-|||0
A 12 13|||Spelling|||скористаюся|||REQUIRED|||-NONE-|||1

S Позитивне світло засяло біля ніг Фіцвіга .
A 2 3|||Spelling|||засяяло|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Вони сяяли в кожному русі ианцю , як місяць .
A 5 6|||Spelling|||танцю|||REQUIRED|||-NONE-|||0
A 5 6|||Spelling|||танцю|||REQUIRED|||-NONE-|||1

S Передбачити , що буде далі між ними було неможливо .
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S І коли старий Фіцвіг та місіс Фіцвіг закінчили танок ; прогресуючи та відступаючи , тримаючись обома руками за партнера , нахиляючись та відхиляючись назад , кружляючи , як спіраль , і повернулись на своє місце ; Фіцвіг зробив знак " знято " - так спритно , що сам почав дригати ногами і звівся знову без вагань .
A 35 36|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 42 43|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 9 10|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 35 36|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 42 43|||Punctuation||||||REQUIRED|||-NONE-|||1

S # 0015
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S - Це вже другий - подумав .
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 4 5|||Punctuation|||, —|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 4 5|||Punctuation|||, —|||REQUIRED|||-NONE-|||1

S Цього разу вже не налякався , бо цей другий труп лежав на спині і не виказував жодних ознак життя і руху .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S - Скшетуский просто додав ходу , щоб не закритилася голова .
A 0 1|||Punctuation||||||REQUIRED|||-NONE-|||0
A 1 2|||Spelling|||Скшетуський|||REQUIRED|||-NONE-|||0
A 8 9|||Spelling|||крутилася|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation||||||REQUIRED|||-NONE-|||1
A 1 2|||Spelling|||Скшетуський|||REQUIRED|||-NONE-|||1

S Очерет ставав все густіший - що з однієї сторони давало безпечний сховок , з іншої значно утруднювало похід .
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 9 9|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 14 15|||G/Gender|||іншого —|||REQUIRED|||-NONE-|||0
A 4 5|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 14 15|||G/Gender|||іншого —|||REQUIRED|||-NONE-|||1

S Пройшло ще пів години , ще година , він все ще йшов , але все більше і більше втомлювався .
A 9 10|||Spelling|||усе|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Вода в деяких місцях була така мілка , що не доходила йому до гомілки , хоча місцями мусив заглиблюватись по пояс .
A 9 9|||G/UngrammaticalStructure|||вода|||REQUIRED|||-NONE-|||0
A 17 17|||G/UngrammaticalStructure|||він|||REQUIRED|||-NONE-|||0
A 18 19|||Spelling|||заглиблюватися|||REQUIRED|||-NONE-|||1

S Вимучувало теж незмірно довге витягування ніг з болота .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 6 7|||Spelling|||із|||REQUIRED|||-NONE-|||1

S Піт заливав чоло , і водночас озноб пробивав від голови до п'ят .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S - Що це таке ? - думав зі страхом в серці - невже я схибнувся ?
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 5 6|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 11 11|||Punctuation|||.|||REQUIRED|||-NONE-|||0
A 11 13|||Spelling|||— Невже|||REQUIRED|||-NONE-|||0
A 0 1|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 5 6|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 11 11|||Spelling|||.|||REQUIRED|||-NONE-|||1
A 11 13|||Spelling|||— Невже|||REQUIRED|||-NONE-|||1

S Болото якесь мовчазне ; а що як не розпізнаю місця серед болота і промину ?
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S # 0017
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Де мені краще жити , в квартирі чи у приватному будинку ?
A 4 5|||Punctuation|||:|||REQUIRED|||-NONE-|||0
A 5 6|||Spelling|||у|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Таке питання я задаю собі постійно і час від часу відповідаю собі різносторонньо .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Квартира дає такі переваги як мобільність та доступність на противагу заміського будинку , де навіть щоб купити продукти потрібно буде послуговуватися транспортним засобом .
A 4 4|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 10 11|||G/Case|||заміському|||REQUIRED|||-NONE-|||0
A 18 18|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 4 4|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 8 8|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 18 18|||Punctuation|||,|||REQUIRED|||-NONE-|||1

S Хоча разом з тим , віддаленість будинку краще для здоровя людини , як фізичного так і психологічного .
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 2 3|||Spelling|||із|||REQUIRED|||-NONE-|||0
A 9 10|||Spelling|||здоров'я|||REQUIRED|||-NONE-|||0
A 11 12|||Punctuation|||:|||REQUIRED|||-NONE-|||0
A 14 14|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 2 3|||Spelling|||із|||REQUIRED|||-NONE-|||1
A 9 10|||Spelling|||здоров’я|||REQUIRED|||-NONE-|||1
A 11 14|||Punctuation|||як фізичного ,|||REQUIRED|||-NONE-|||1

S Заміський будинок може бути копією раю на цій землі )
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 10 10|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S Підстрижена зелена травичка , хвойні дерева , невеличкий басейн , кущики корисних ягід для карапузиків , романтичні вечірні посиденьки під зоряним небом - це те , що може зсолоджувати наше житя , закарбовувати незабутні миті !
A 22 23|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 30 31|||Spelling|||життя|||REQUIRED|||-NONE-|||0
A 22 23|||Punctuation|||—|||REQUIRED|||-NONE-|||1
A 30 31|||Spelling|||життя|||REQUIRED|||-NONE-|||1

S Сусіди .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Напевно це саме болюче питання .
A 2 4|||G/Comparison|||найболючіше|||REQUIRED|||-NONE-|||0
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 2 4|||G/Comparison|||найболючіше|||REQUIRED|||-NONE-|||1

S Квартира передбачає багато сусідів , а багато сусідів - це багато подразників .
A 8 9|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 8 9|||Punctuation|||—|||REQUIRED|||-NONE-|||1

S Можна незважати на більшість з них але ж куди дітися від кухонного штину тьоті Зіни або затхлого запаху черевиків дяді Толі ?
A 1 2|||Spelling|||не зважати|||REQUIRED|||-NONE-|||0
A 4 5|||Spelling|||із|||REQUIRED|||-NONE-|||0
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 1 2|||Spelling|||не зважати|||REQUIRED|||-NONE-|||1
A 4 5|||Spelling|||із|||REQUIRED|||-NONE-|||1
A 6 6|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 9 10|||G/Aspect|||подітися|||REQUIRED|||-NONE-|||1

S В приватному будинку хоч і менше сусідів але буває , що деякі можуть замінити здесяток квартирних .
A 0 1|||Spelling|||У|||REQUIRED|||-NONE-|||0
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 14 15|||Spelling|||із десяток|||REQUIRED|||-NONE-|||0
A 0 1|||Spelling|||У|||REQUIRED|||-NONE-|||1
A 7 7|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 14 15|||Spelling|||з десяток|||REQUIRED|||-NONE-|||1

S Чого вартує тьотя Люба з її величезною кучею відходів домашнього тваринництва .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Та все ж таки , розмірковуючи роками про вибір де проживати в квартирі чи будинку , я приходжу до висновку , що молодим жаданніше жити в міській квартирі , а вже доросліючи - перебиратися в заміський будинок .
A 9 9|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 11 11|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 32 33|||Punctuation|||—|||REQUIRED|||-NONE-|||0
A 9 9|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 11 11|||Punctuation|||:|||REQUIRED|||-NONE-|||1
A 31 32|||G/UngrammaticalStructure|||старшим|||REQUIRED|||-NONE-|||1
A 32 33|||Punctuation|||—|||REQUIRED|||-NONE-|||1

S # 0028
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Коли ми були молодшими школярами , нас вчили народним прислів'ям .
A 8 9|||G/Case|||народних|||REQUIRED|||-NONE-|||0
A 9 10|||G/Case|||прислів'їв|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S " З миру по нитці - голому сорочка " .
A 1 2|||Spelling|||Зі|||REQUIRED|||-NONE-|||0
A 5 6|||Punctuation|||—|||REQUIRED|||-NONE-|||1

S У той час глибокий сенс народної мудрості нам був ще недоступним через брак досвіду .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 9 10|||Spelling|||іще|||REQUIRED|||-NONE-|||1

S А от зараз наочно бачу , як гуртом , загальними зусиллями , можна створювати корисні речі , які стануть у нагоді .
A 11 12|||Punctuation||||||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Дякуючи вовняній пряжі , яку я купила у # ІринкаАгафонова # СвітланаАндрійчук а також # ТМЯрослав витративши певний час , я зв'язала речі , які необхідні для передчасно народжених малят .
A 7 8|||Spelling|||в|||REQUIRED|||-NONE-|||0
A 12 12|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 16 16|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 7 8|||G/Case|||в|||REQUIRED|||-NONE-|||1
A 8 9|||G/Case|||Іринки|||REQUIRED|||-NONE-|||1
A 9 10|||G/Case|||Агафонової|||REQUIRED|||-NONE-|||1
A 10 10|||G/Case|||,|||REQUIRED|||-NONE-|||1
A 10 11|||G/Case|||Світлани|||REQUIRED|||-NONE-|||1
A 11 12|||G/Case|||Андрійчук|||REQUIRED|||-NONE-|||1
A 12 12|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 14 15|||Spelling|||ТМ|||REQUIRED|||-NONE-|||1
A 15 15|||Spelling|||“|||REQUIRED|||-NONE-|||1
A 15 16|||Spelling|||Ярослав|||REQUIRED|||-NONE-|||1
A 16 16|||Punctuation|||” ,|||REQUIRED|||-NONE-|||1

S Із бавовни вийшов милий восьминіг , який може слугувати валиком під спинку малюку , а також іграшкою - подразником для " гасіння " спонтанних рухів маляти .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Це та категорія діток , яких небагато , тому шити одяг у промислових масштабах нерентабельно .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Та вони є і вони надзвичайно потребують уваги і піклування .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Батькам і рідним у непростий час після пологів вистачає турбот , щоб ще займатися власноручним створенням в'язаних речей .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 12 13|||Spelling|||іще|||REQUIRED|||-NONE-|||1

S Та в будь-якій країні знайдуться небайдужі майстрині , здатні поділитися своєю любов'ю , уміннями , часом і створити необхідні для таких малюків одяг , пледики , іграшки - комфортери .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S # 0035
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Привіт , друже !
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Мені прикро чути , що ти застудився ; втім , все попереду !
A 10 11|||Spelling|||усе|||REQUIRED|||-NONE-|||0
A 10 11|||Spelling|||усе|||REQUIRED|||-NONE-|||1

S Моя бабуся завжди казала , що глибоке дихання та чай з листя гліду допомагають при хворобах .
A 12 13|||G/Case|||глоду|||REQUIRED|||-NONE-|||0
A 10 11|||Spelling|||із|||REQUIRED|||-NONE-|||1
A 12 13|||G/Case|||глоду|||REQUIRED|||-NONE-|||1

S Будь-яка болячка омине , якщо дбати про себе .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Головне , не падати духом .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Я , зазвичай , коли хворію , то п'ю багато рідини .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Це допомагає організму вивести шкідливі сполуки .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Окрім того , я стараюся тримати ноги в теплі .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||Spelling|||Крім|||REQUIRED|||-NONE-|||1

S Як кажуть в народі : " ноги в теплі , а голова в холоді " .
A 2 3|||Spelling|||у|||REQUIRED|||-NONE-|||0
A 2 3|||Spelling|||у|||REQUIRED|||-NONE-|||1
A 6 6|||G/UngrammaticalStructure|||Тримайте|||REQUIRED|||-NONE-|||1
A 11 12|||G/UngrammaticalStructure|||голову|||REQUIRED|||-NONE-|||1
A 12 12|||Punctuation|||—|||REQUIRED|||-NONE-|||1

S Це пройде через тиждень !
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Ми обов'язково зустрінемося знову .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Я принесу твої улюблені солодощі та обніму тебе міцно - міцно .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S А до того , бережи себе .
A 3 4|||Punctuation||||||REQUIRED|||-NONE-|||0
A 3 4|||Punctuation||||||REQUIRED|||-NONE-|||1

S З любов'ю , Твій Андрій
A 3 4|||Spelling|||твій|||REQUIRED|||-NONE-|||0
A 3 4|||Spelling|||твій|||REQUIRED|||-NONE-|||1
A 5 5|||Punctuation|||.|||REQUIRED|||-NONE-|||1

S # 0057
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Під час практики студенти ведуть щоденники , які систематично перевіряють керівники практик .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S За закінченнні навчальної практики з дисциплини , а також комплексної навчальної практики студентам виставляються заліки за результатами перевірки щоденників і особового спостереження викладача під час практики .
A 1 2|||G/UngrammaticalStructure|||закінчення|||REQUIRED|||-NONE-|||0
A 5 6|||Spelling|||дисципліни|||REQUIRED|||-NONE-|||0
A 0 1|||G/Prep|||Після|||REQUIRED|||-NONE-|||1
A 1 2|||Spelling|||закінчення|||REQUIRED|||-NONE-|||1
A 13 14|||G/VerbVoice|||виставляють|||REQUIRED|||-NONE-|||1

S При необхідності з окремими студентами проводять співбесіду з питань виконання програми практики .
A 0 1|||G/Prep|||За|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Студентів які не отримали позитивної оцінки із закінченням навчальної практики , вважають мають академічну заборгованість , направляють на технологічну практику і вони зобов'язані повторно здати цей залік при технологічної практики .
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 16 16|||G/UngrammaticalStructure|||їх|||REQUIRED|||-NONE-|||0
A 20 20|||Punctuation|||,|||REQUIRED|||-NONE-|||0
A 27 28|||G/UngrammaticalStructure|||під час|||REQUIRED|||-NONE-|||0
A 0 1|||G/Case|||Студенти|||REQUIRED|||-NONE-|||1
A 1 1|||Punctuation|||,|||REQUIRED|||-NONE-|||1
A 11 13|||G/UngrammaticalStructure|||матимуть|||REQUIRED|||-NONE-|||1
A 16 16|||G/Tense|||їх|||REQUIRED|||-NONE-|||1
A 16 17|||G/Tense|||направлять|||REQUIRED|||-NONE-|||1
A 27 28|||G/Prep|||під час|||REQUIRED|||-NONE-|||1

S # 0074
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S А я вам розкажу , що буде : в англійській , іспанській , італійській та німецькій вікіпедіях вже кілька років працюють потужні російські команди , куди разом зі звичайними редакторами входять й адміністратори .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 17 18|||Spelling|||уже|||REQUIRED|||-NONE-|||1

S Ці люди отримують зарплатню , вільно володіють мовами , а за необхідності використовують технічні можливості , щоб редагувати статті з кількох акаунтів ( професійні програми , що дозволяють це робити , коштують від 100 євро на місяць ) .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S Роками українські редактори воюють за перейменування статті Kiev на Kyiv та десятків інших , лише минулого року ми добилися , щоб у Вікіданих ( супутній проект Вікіпедії , звідки частково беруться дані для статей ) використовувались англомовні тексти замість текстів російською , якщо української версії ще не створили .
A 25 26|||Spelling|||проєкт|||REQUIRED|||-NONE-|||0
A 7 7|||Punctuation|||“|||REQUIRED|||-NONE-|||1
A 8 8|||Punctuation|||”|||REQUIRED|||-NONE-|||1
A 9 9|||Punctuation|||“|||REQUIRED|||-NONE-|||1
A 10 10|||Punctuation|||”|||REQUIRED|||-NONE-|||1
A 25 26|||Spelling|||проєкт|||REQUIRED|||-NONE-|||1

S Якщо в українській Вікіпедії ми маємо хоч якусь можливість боротися за об'єктивність , то у вікі іншими мовами ( я не кажу вже про російську ) всі зміни будуть видалені дуже швидко .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

